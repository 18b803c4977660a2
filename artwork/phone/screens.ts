// The ten mock app screens, each a 390 × 844 .screen element, in the language given.
import { n, smooth, type Point } from '../svg.ts';
import { catchPhoto, type Backdrop, type Species } from './fish.ts';
import { icon, solidIcon, type IconName } from './icons.ts';
import { day, today, type Locale } from './locale.ts';
import { coastMap, type MapLabel, type MapPin } from './maps.ts';
import { appBar, avatar, iconButton, logo, proBadge, productName, screen } from './ui.ts';

export const screenNames = [
  'hero',
  'map',
  'feed',
  'log',
  'forecast',
  'tides',
  'temperature',
  'profile',
  'catch',
  'location',
] as const;
export type ScreenName = (typeof screenNames)[number];

/** A catch photo in a box of w × h CSS pixels (drawn at a fixed design width, so details scale with it). */
function photo(
  species: Species,
  backdrop: Backdrop,
  w: number,
  h: number,
  seed: number,
  style = '',
  place?: { y: number; band: number },
): string {
  return `<div class="photo" style="width:${w}px;height:${h}px;${style}">${catchPhoto(species, backdrop, 400, Math.round((400 * h) / w), seed, place)}</div>`;
}

/** Hour labels under a 24-hour chart, the end ones aligned inside it. */
function axisLabels(l: Locale, x: (hours: number) => number, y: number): string {
  return [0, 6, 12, 18, 24]
    .map(
      (h) =>
        `<text x="${n(x(h))}" y="${y}" text-anchor="${h === 0 ? 'start' : h === 24 ? 'end' : 'middle'}" font-size="10" fill="#8a949c" font-weight="500">${l.time(h % 24)}</text>`,
    )
    .join('');
}

function segments(items: readonly string[], active: number): string {
  return `<div class="segments">${items.map((item, i) => `<span${i === active ? ' class="on"' : ''}>${item}</span>`).join('')}</div>`;
}

const absolute = (top: number, bottom = 84) =>
  `position:absolute;left:0;right:0;top:${top}px;bottom:${bottom}px;overflow:hidden`;
const main = (content: string, style = '') => `<main class="main" style="${style}">${content}</main>`;

/** The visibility of a catch as a small icon. */
const visibilityIcon = (shared: boolean) =>
  `<span style="color:${shared ? 'var(--sea)' : 'var(--muted)'}">${icon(shared ? 'globe' : 'lock', 15, 2)}</span>`;

function postHeader(name: string, colour: number, when: string, trailing: string, pro = false): string {
  return (
    `<div class="row" style="padding:12px 14px;gap:10px">${avatar(name, 40, colour)}` +
    `<div style="flex:1;min-width:0"><div class="row" style="gap:6px;font-weight:700;font-size:14.5px">${name}${pro ? proBadge() : ''}</div>` +
    `<div class="muted" style="font-size:12px;margin-top:1px">${when}</div></div>${trailing}</div>`
  );
}

function actions(likes: string, comments: string, liked: boolean): string {
  const heart = liked ? `<span style="color:var(--red)">${solidIcon('heart', 25)}</span>` : icon('heart', 25);
  return (
    `<div class="row" style="padding:10px 14px 6px;gap:18px;font-weight:600;font-size:14px">` +
    `<span class="row" style="gap:6px">${heart}${likes}</span><span class="row" style="gap:6px">${icon('comment', 24)}${comments}</span>` +
    `<span>${icon('send', 23)}</span><span style="margin-left:auto">${icon('bookmark', 23)}</span></div>`
  );
}

function speciesTag(l: Locale, species: Species, kg: number): string {
  return `<span style="position:absolute;left:12px;bottom:12px;display:inline-flex;align-items:center;gap:6px;padding:5px 10px 5px 8px;border-radius:14px;background:rgba(12,16,20,.62);color:#fff;font-size:12.5px;font-weight:600;backdrop-filter:blur(4px)">${icon('fish', 16, 2)}${l.t.species[species]} · ${l.num(kg, 1)} kg</span>`;
}

function hero(l: Locale): string {
  const { t } = l;
  const bar = appBar({
    title: productName,
    lead: `<div style="margin-right:2px">${logo(32)}</div>`,
    actions: [iconButton('search'), iconButton('bell', { dot: true })],
    below: segments([t.following, t.global], 0),
  });
  const post =
    `<article class="card" style="overflow:hidden">` +
    postHeader('giulia.pesca', 1, t.hoursAgo(2), `<span class="muted">${icon('more', 22)}</span>`, true) +
    `<div style="position:relative">${photo('bass', 'sea', 366, 352, 4)}${speciesTag(l, 'bass', 4.2)}</div>` +
    actions(l.num(128), l.num(24), true) +
    `<div style="padding:2px 14px 0;font-size:13.5px;line-height:1.4"><b>giulia.pesca</b> ${t.heroCaption}</div>` +
    `<div class="muted" style="padding:6px 14px 0;font-size:13px">${t.viewComments(24)}</div>` +
    `<div style="padding:4px 14px 0;font-size:13.5px"><b>luca.spinning</b> ${t.heroComment}</div>` +
    `<div style="padding:3px 14px 14px;font-size:13.5px"><b>ale_traina</b> ${t.heroComment2}</div></article>` +
    `<article class="card" style="margin-top:12px;overflow:hidden">${postHeader('nico_jigging', 3, t.hoursAgo(5), `<span class="muted">${icon('more', 22)}</span>`)}</article>`;
  return screen({ status: 'light', l, tab: 'feed', body: `${bar}${main(post)}` });
}

function feed(l: Locale): string {
  const { t } = l;
  const bar = appBar({
    title: t.tabs.feed,
    actions: [iconButton('search'), iconButton('bell', { dot: true })],
    below: segments([t.following, t.global], 1),
  });
  const follow = `<span class="btn primary">${icon('plus', 16, 2.4)}${t.follow}</span>`;
  const followingButton = `<span class="btn outline">${icon('check', 16, 2.4)}${t.followingButton}</span>`;
  const posts =
    `<article class="card" style="overflow:hidden">` +
    postHeader('fra.surfcasting', 2, t.hoursAgo(3), follow) +
    `<div style="position:relative">${photo('bream', 'rocks', 366, 250, 11)}${speciesTag(l, 'bream', 1.6)}</div>` +
    actions(l.num(86), l.num(12), false) +
    `<div style="padding:2px 14px 14px;font-size:13.5px;line-height:1.4"><b>fra.surfcasting</b> ${t.feedCaption1}</div></article>` +
    `<article class="card" style="margin-top:12px;overflow:hidden">` +
    postHeader('sara.mare', 3, t.hoursAgo(6), followingButton, true) +
    `<div style="position:relative">${photo('amberjack', 'deck', 366, 250, 12)}${speciesTag(l, 'amberjack', 11.6)}</div>` +
    actions(l.num(203), l.num(31), true) +
    `<div style="padding:2px 14px 14px;font-size:13.5px;line-height:1.4"><b>sara.mare</b> ${t.feedCaption2}</div></article>`;
  return screen({ status: 'light', l, tab: 'feed', body: `${bar}${main(posts)}` });
}

interface LoggedCatch {
  species: Species;
  backdrop: Backdrop;
  seed: number;
  kg: number;
  cm: number;
  at: number;
  hour: number;
  minute: number;
  method: 'spinning' | 'surf' | 'jigging' | 'trolling' | 'live';
  shared: boolean;
}

const logged: readonly LoggedCatch[] = [
  {
    species: 'bass',
    backdrop: 'deck',
    seed: 21,
    kg: 3.4,
    cm: 62,
    at: today,
    hour: 6,
    minute: 42,
    method: 'spinning',
    shared: false,
  },
  {
    species: 'bream',
    backdrop: 'board',
    seed: 22,
    kg: 1.8,
    cm: 41,
    at: today,
    hour: 7,
    minute: 15,
    method: 'surf',
    shared: true,
  },
  {
    species: 'dentex',
    backdrop: 'deck',
    seed: 23,
    kg: 5.1,
    cm: 68,
    at: today - 6 * day,
    hour: 9,
    minute: 30,
    method: 'jigging',
    shared: true,
  },
  {
    species: 'amberjack',
    backdrop: 'board',
    seed: 24,
    kg: 9.8,
    cm: 88,
    at: today - 14 * day,
    hour: 10,
    minute: 5,
    method: 'live',
    shared: false,
  },
  {
    species: 'bonito',
    backdrop: 'deck',
    seed: 25,
    kg: 2.6,
    cm: 55,
    at: today - 14 * day,
    hour: 17,
    minute: 20,
    method: 'trolling',
    shared: false,
  },
  {
    species: 'tuna',
    backdrop: 'deck',
    seed: 26,
    kg: 38.5,
    cm: 132,
    at: today - 21 * day,
    hour: 16,
    minute: 50,
    method: 'live',
    shared: true,
  },
];

function log(l: Locale): string {
  const { t } = l;
  const add = `<div class="iconbtn" style="background:var(--red)">${icon('plus', 22, 2.4)}</div>`;
  const stats = [
    [l.num(48), t.catchesStat],
    [l.num(9), t.speciesStat],
    [l.num(6), t.monthStat],
  ]
    .map(
      ([value, label]) =>
        `<div style="flex:1;text-align:center"><div style="font-size:20px;font-weight:700">${value}</div><div style="font-size:11.5px;color:#c9ced4;font-weight:500">${label}</div></div>`,
    )
    .join('<div style="width:1px;background:#4a4e55;margin:4px 0"></div>');
  const bar = appBar({
    title: t.myCatches,
    actions: [iconButton('filter'), add],
    below: `<div class="row" style="padding:4px 16px 14px">${stats}</div>`,
  });
  const days = [...new Set(logged.map((c) => c.at))];
  const groups = days
    .map((at) => {
      const items = logged.filter((c) => c.at === at);
      const rows = items
        .map(
          (c, i) =>
            `<div class="row" style="gap:12px;padding:10px 12px;${i > 0 ? 'border-top:1px solid var(--line)' : ''}">` +
            photo(c.species, c.backdrop, 62, 62, c.seed, 'border-radius:12px;flex:none') +
            `<div style="flex:1;min-width:0"><div style="font-weight:700;font-size:15.5px">${t.species[c.species]}</div>` +
            `<div style="font-size:13px;font-weight:600;color:#3d4852;margin-top:1px">${l.num(c.kg, 1)} kg · ${l.num(c.cm)} cm</div>` +
            `<div class="muted" style="font-size:12px;margin-top:2px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">${t.methods[c.method]}</div></div>` +
            `<div style="text-align:right;align-self:flex-start;padding-top:2px"><div style="font-weight:600;font-size:13px">${l.time(c.hour, c.minute)}</div><div style="display:flex;justify-content:flex-end;margin-top:8px">${visibilityIcon(c.shared)}</div></div></div>`,
        )
        .join('');
      return (
        `<div class="row" style="justify-content:space-between;padding:14px 4px 8px"><span style="font-weight:700;font-size:14px">${l.longDate(at)}</span>` +
        `<span class="muted row" style="font-size:12.5px;font-weight:600;gap:4px">${items.length}${icon('fish', 15, 2)}</span></div><div class="card" style="overflow:hidden">${rows}</div>`
      );
    })
    .join('');
  return screen({ status: 'light', l, tab: 'log', body: `${bar}${main(groups, 'padding-top:0')}` });
}

const compass = (l: Locale, degrees: number) => l.t.windDirections[Math.round(degrees / 45) % 8] ?? 'N';

/** An arrow pointing where the wind blows to (meteorological direction + 180°). */
const windArrow = (degrees: number, size = 14) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" style="transform:rotate(${degrees + 180}deg);flex:none"><path d="M12 2.5 18.5 20 12 16.2 5.5 20z" fill="currentColor"/></svg>`;

function forecast(l: Locale): string {
  const { t } = l;
  const days = Array.from({ length: 7 }, (_, i) => {
    const at = today + i * day;
    const label = i === 0 ? t.today : l.date(at, { weekday: 'short' }).replace('.', '');
    const dayIcon: IconName = [2, 5].includes(i) ? 'cloud' : i === 3 ? 'cloudSun' : 'sun';
    const max = [26, 27, 25, 24, 26, 23, 25][i] ?? 25;
    const on = i === 0;
    return `<div style="width:47px;flex:none;text-align:center;padding:7px 0 8px;border-radius:12px;${on ? 'background:var(--red);color:#fff' : 'background:var(--bar-2);color:#d9dde1'}"><div style="font-size:11px;font-weight:600">${label}</div><div style="font-size:16px;font-weight:700;margin:1px 0 3px">${l.date(at, { day: 'numeric' })}</div><div style="display:flex;justify-content:center">${icon(dayIcon, 18, 2)}</div><div style="font-size:11.5px;font-weight:600;margin-top:3px">${max}°</div></div>`;
  }).join('');
  const bar = appBar({
    title: t.marineForecast,
    sub: `${icon('pin', 13, 2.2)}Porto Santo Stefano`,
    actions: [iconButton('calendar')],
    below: `<div class="row" style="gap:5px;padding:4px 14px 14px">${days}</div>`,
  });
  const hours = [0, 3, 6, 9, 12, 15, 18, 21];
  const waves = [0.6, 0.5, 0.5, 0.7, 0.9, 1.1, 1.0, 0.8];
  const swell = [0.4, 0.4, 0.3, 0.4, 0.5, 0.6, 0.6, 0.5];
  const period = [6, 6, 5, 5, 6, 7, 7, 6];
  const wind = [8, 6, 7, 12, 16, 18, 14, 10];
  const direction = [315, 330, 340, 300, 280, 270, 290, 310];
  const air = [19, 18, 18, 22, 25, 26, 24, 21];
  const cols = 'grid-template-columns:48px 1fr 1fr 1fr 1.25fr 0.75fr;column-gap:4px';
  const head = [
    t.hour,
    `${t.waves}<br><span>m</span>`,
    `${t.swell}<br><span>m</span>`,
    `${t.period}<br><span>s</span>`,
    `${t.wind}<br><span>km/h</span>`,
    `${t.air}<br><span>°C</span>`,
  ]
    .map((label) => `<div>${label}</div>`)
    .join('');
  const rows = hours
    .map((hour, i) => {
      const now = hour === 9;
      const wave = waves[i] ?? 0;
      return (
        `<div style="display:grid;${cols};align-items:center;padding:0 12px;height:44px;border-top:1px solid var(--line);${now ? 'background:#fff4f4;box-shadow:inset 3px 0 0 var(--red)' : ''}" class="tnum">` +
        `<div style="font-weight:700;font-size:13.5px">${l.time(hour)}</div>` +
        `<div><span style="display:inline-block;min-width:40px;text-align:center;padding:3px 0;border-radius:8px;font-weight:700;font-size:13px;background:rgba(28,127,166,${n(0.12 + wave * 0.55)});color:${wave >= 0.85 ? '#fff' : 'var(--deep)'}">${l.num(wave, 1)}</span></div>` +
        `<div style="font-weight:600;font-size:13.5px;color:#3d4852">${l.num(swell[i] ?? 0, 1)}</div>` +
        `<div style="font-weight:600;font-size:13.5px;color:#3d4852">${l.num(period[i] ?? 0)}</div>` +
        `<div class="row" style="gap:5px;font-weight:600;font-size:13.5px;color:#3d4852"><span style="color:var(--sea);display:flex">${windArrow(direction[i] ?? 0)}</span>${wind[i] ?? 0} <span class="muted" style="font-size:11.5px">${compass(l, direction[i] ?? 0)}</span></div>` +
        `<div style="font-weight:700;font-size:13.5px">${air[i] ?? 0}°</div></div>`
      );
    })
    .join('');
  const summary =
    `<div style="border-radius:16px;padding:14px 16px;color:#fff;background:linear-gradient(135deg,#0b3954,#1c7fa6);display:flex;align-items:center;gap:14px;box-shadow:0 4px 14px rgba(11,57,84,.25)">` +
    `${icon('cloudSun', 44, 1.6)}<div style="flex:1"><div style="font-size:12.5px;opacity:.85;font-weight:500">${l.date(today, { weekday: 'long', day: 'numeric', month: 'long' })}</div>` +
    `<div class="row" style="gap:8px"><span style="font-size:34px;font-weight:700;letter-spacing:-0.03em">26°</span><span style="font-size:13px;line-height:1.3;opacity:.92">${t.forecastSummary}</span></div></div></div>` +
    `<div class="row" style="gap:8px;margin:12px 2px 8px">${proBadge()}<span style="font-weight:700;font-size:13.5px">${t.proDays}</span><span class="muted" style="margin-left:auto;font-size:12px;font-weight:600">${l.date(today, { weekday: 'long' })}</span></div>`;
  const table = `<div class="card" style="overflow:hidden"><div style="display:grid;${cols};padding:8px 12px;font-size:11px;font-weight:700;color:var(--muted);line-height:1.25;text-transform:uppercase;letter-spacing:.02em;align-items:end" class="thead">${head}</div>${rows}</div>`;
  const style = `<style>.thead span{text-transform:none;font-weight:500;letter-spacing:0}</style>`;
  return screen({ status: 'light', l, tab: 'weather', body: `${style}${bar}${main(summary + table)}` });
}

function tides(l: Locale): string {
  const { t } = l;
  const bar = appBar({
    title: t.tidesTitle,
    sub: `${icon('pin', 13, 2.2)}Porto Santo Stefano`,
    actions: [iconButton('calendar')],
    below: `<div class="row" style="justify-content:space-between;padding:2px 10px 12px;color:#fff">${icon('back', 22, 2.2)}<span style="font-weight:600;font-size:14.5px">${l.longDate(today)}</span>${icon('chevron', 22, 2.2)}</div>`,
  });
  // the tide: a semidiurnal curve (Mediterranean range, a few tens of centimetres)
  const W = 334;
  const H = 156;
  const top = 34;
  const bottom = 98;
  const height = (hours: number) => 0.22 + 0.17 * Math.cos((2 * Math.PI * (hours - 4.2)) / 12.42);
  const x = (hours: number) => 8 + (hours / 24) * (W - 16);
  const y = (metres: number) => bottom - ((metres - 0.02) / 0.4) * (bottom - top);
  const points: Point[] = [];
  for (let h = 0; h <= 24.001; h += 0.25) points.push([x(h), y(height(h))]);
  const curve = smooth(points);
  const extremes = [
    { hours: 4.2, high: true },
    { hours: 10.41, high: false },
    { hours: 16.62, high: true },
    { hours: 22.83, high: false },
  ];
  const nowHours = 9 + 41 / 60;
  const markers = extremes
    .map((e) => {
      const px = x(e.hours);
      const py = y(height(e.hours));
      const hh = Math.floor(e.hours);
      const mm = Math.round((e.hours - hh) * 60);
      const labelY = e.high ? py - 12 : py + 22;
      return `<circle cx="${n(px)}" cy="${n(py)}" r="4.5" fill="#fff" stroke="var(--sea)" stroke-width="2.5"/><text x="${n(px)}" y="${n(labelY)}" text-anchor="middle" font-size="11" font-weight="700" fill="#1c2329">${l.time(hh, mm)}</text><text x="${n(px)}" y="${n(labelY + (e.high ? -13 : 13))}" text-anchor="middle" font-size="10" font-weight="600" fill="#6b7780">${l.num(height(e.hours), 2)} m</text>`;
    })
    .join('');
  const axis = axisLabels(l, x, H - 3);
  const chart =
    `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" style="display:block"><defs><linearGradient id="tide" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c7fa6" stop-opacity=".45"/><stop offset="1" stop-color="#1c7fa6" stop-opacity=".04"/></linearGradient></defs>` +
    `<path d="M${n(x(0))} ${H - 18}H${n(x(24))}" stroke="#e9edf0"/><path d="${curve}L${n(x(24))} ${H - 18}L${n(x(0))} ${H - 18}Z" fill="url(#tide)"/><path d="${curve}" fill="none" stroke="var(--sea)" stroke-width="2.5"/>` +
    `<path d="M${n(x(nowHours))} ${top - 8}V${H - 18}" stroke="var(--red)" stroke-width="1.5" stroke-dasharray="3 3"/><circle cx="${n(x(nowHours))}" cy="${n(y(height(nowHours)))}" r="5" fill="var(--red)" stroke="#fff" stroke-width="2"/>` +
    `<rect x="${n(x(nowHours) - 18)}" y="${top - 26}" width="36" height="17" rx="8.5" fill="var(--red)"/><text x="${n(x(nowHours))}" y="${top - 14}" text-anchor="middle" font-size="10" font-weight="700" fill="#fff">${t.now}</text>` +
    `${markers}${axis}</svg>`;
  const tideCard =
    `<div class="card" style="padding:14px 12px 8px"><div class="row" style="gap:8px;padding:0 4px 6px"><span style="color:var(--sea)">${icon('tide', 20, 2)}</span><span class="section-title">${t.tide}</span>` +
    `<span style="margin-left:auto;font-size:12px;font-weight:600" class="muted">${t.high} ${l.num(0.39, 2)} m · ${t.low} ${l.num(0.05, 2)} m</span></div>${chart}</div>`;
  const sunMoon = (
    [
      ['sunrise', t.sunrise, l.time(5, 36), '#f59e0b'],
      ['sunset', t.sunset, l.time(20, 55), '#f97316'],
      ['moonrise', t.moonrise, l.time(9, 12), '#6366f1'],
      ['moonset', t.moonset, l.time(23, 47), '#6366f1'],
    ] as const
  )
    .map(
      ([name, label, time, colour]) =>
        `<div class="row" style="gap:10px;padding:5px 4px"><span style="width:36px;height:36px;border-radius:12px;display:grid;place-items:center;background:${colour}1f;color:${colour}">${icon(name, 21, 2)}</span><div><div class="muted" style="font-size:11.5px;font-weight:600">${label}</div><div style="font-weight:700;font-size:15px">${time}</div></div></div>`,
    )
    .join('');
  const moon = `<svg width="40" height="40" viewBox="0 0 40 40"><circle cx="20" cy="20" r="17" fill="#2d3240"/><path d="M20 3a17 17 0 0 1 0 34a12.5 17 0 0 0 0-34z" fill="#f5efd9"/></svg>`;
  const sunCard =
    `<div class="card" style="padding:12px 12px 10px;margin-top:12px"><div class="section-title" style="padding:0 4px 2px">${t.sunMoon}</div><div style="display:grid;grid-template-columns:1fr 1fr">${sunMoon}</div>` +
    `<div class="row" style="gap:12px;margin-top:4px;padding:8px 6px 0;border-top:1px solid var(--line)">${moon}<div><div style="font-weight:700;font-size:14.5px">${t.moonPhase}</div><div class="muted" style="font-size:12.5px">${t.illumination(l.num(18))}</div></div></div></div>`;
  const period = (from: number, to: number) => {
    const fmt = (v: number) => l.time(Math.floor(v) % 24, Math.round((v % 1) * 60));
    return `${fmt(from)}–${fmt(to)}`;
  };
  const majors: [number, number][] = [
    [3 + 35 / 60, 5 + 35 / 60],
    [16, 18],
  ];
  const minors: [number, number][] = [
    [8 + 42 / 60, 9 + 42 / 60],
    [23 + 17 / 60, 24],
  ];
  const timeline =
    `<div style="position:relative;height:12px;border-radius:6px;background:#edf0f2;margin:12px 2px 4px">` +
    majors
      .map(
        ([a, b]) =>
          `<div style="position:absolute;top:0;bottom:0;left:${n((a / 24) * 100)}%;width:${n(((b - a) / 24) * 100)}%;background:var(--red);border-radius:6px"></div>`,
      )
      .join('') +
    minors
      .map(
        ([a, b]) =>
          `<div style="position:absolute;top:0;bottom:0;left:${n((a / 24) * 100)}%;width:${n(((b - a) / 24) * 100)}%;background:#f8a5a5;border-radius:6px"></div>`,
      )
      .join('') +
    `<div style="position:absolute;top:-3px;bottom:-3px;left:${n((nowHours / 24) * 100)}%;width:2px;background:#1c2329"></div></div>` +
    `<div class="row muted" style="justify-content:space-between;font-size:10px;font-weight:500;padding:0 2px">${[0, 6, 12, 18, 24].map((h) => `<span>${l.time(h % 24)}</span>`).join('')}</div>`;
  const rating = [1, 2, 3, 4]
    .map((i) => `<span style="color:${i <= 3 ? 'var(--red)' : '#d5dade'}">${solidIcon('fish', 18)}</span>`)
    .join('');
  const solunar =
    `<div class="card" style="padding:14px 16px 12px;margin-top:12px"><div class="row" style="gap:8px"><span class="section-title">${t.solunar}</span><span class="row" style="margin-left:auto;gap:2px">${rating}</span></div>` +
    `<div class="muted" style="font-size:12px;font-weight:600;margin-top:2px">${t.dayRating}</div>${timeline}` +
    `<div style="display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:10px"><div><div class="row" style="gap:6px;font-size:12px;font-weight:700"><span style="width:10px;height:10px;border-radius:3px;background:var(--red)"></span>${t.major}</div><div class="tnum" style="font-weight:600;font-size:13.5px;margin-top:3px">${majors.map(([a, b]) => period(a, b)).join('<br>')}</div></div>` +
    `<div><div class="row" style="gap:6px;font-size:12px;font-weight:700"><span style="width:10px;height:10px;border-radius:3px;background:#f8a5a5"></span>${t.minor}</div><div class="tnum" style="font-weight:600;font-size:13.5px;margin-top:3px">${minors.map(([a, b]) => period(a, b)).join('<br>')}</div></div></div></div>`;
  return screen({ status: 'light', l, tab: 'weather', body: `${bar}${main(tideCard + sunCard + solunar)}` });
}

function temperature(l: Locale): string {
  const { t } = l;
  const bar = appBar({
    title: t.temperatureTitle,
    sub: `${icon('pin', 13, 2.2)}Porto Santo Stefano`,
    actions: [iconButton('calendar')],
    below: segments([t.todayTab, t.weekTab], 0),
  });
  const airHours = [
    19.2, 18.7, 18.3, 18.0, 17.8, 18.1, 19.0, 20.6, 22.1, 23.4, 24.3, 25.1, 25.7, 26.0, 25.9, 25.4, 24.6, 23.6, 22.5,
    21.6, 20.9, 20.3, 19.9, 19.5, 19.1,
  ];
  const seaHours = [
    21.0, 20.9, 20.9, 20.8, 20.8, 20.8, 20.9, 21.0, 21.2, 21.4, 21.6, 21.8, 22.0, 22.1, 22.2, 22.1, 22.0, 21.9, 21.7,
    21.5, 21.4, 21.3, 21.2, 21.1, 21.0,
  ];
  const stat = (iconName: IconName, colour: string, label: string, value: string, note: string) =>
    `<div class="card" style="flex:1;padding:12px 14px"><div class="row" style="gap:6px;font-size:12px;font-weight:700;color:${colour}">${icon(iconName, 17, 2.2)}<span style="color:var(--muted)">${label}</span></div>` +
    `<div style="font-size:30px;font-weight:700;letter-spacing:-0.03em;margin-top:2px" class="tnum">${value}</div><div class="muted" style="font-size:11.5px;font-weight:500">${note}</div></div>`;
  const stats =
    `<div class="row" style="gap:12px">${stat('thermometer', 'var(--red)', t.airTemperature, `${l.num(23, 0)}°C`, t.feelsLike(`${l.num(24)}°`))}` +
    `${stat('wave', 'var(--sea)', t.seaTemperature, `${l.num(21.4, 1)}°C`, t.trendUp(`+${l.num(0.3, 1)}°`))}</div>`;
  const W = 334;
  const H = 150;
  const x = (h: number) => 30 + (h / 24) * (W - 40);
  const y = (c: number) => 10 + ((28 - c) / 12) * (H - 32);
  const line = (values: readonly number[]) => smooth(values.map((v, h): Point => [x(h), y(v)]));
  const grid = [16, 20, 24, 28]
    .map(
      (c) =>
        `<path d="M${x(0)} ${n(y(c))}H${x(24)}" stroke="#e9edf0"/><text x="2" y="${n(y(c) + 3.5)}" font-size="10" fill="#8a949c" font-weight="500">${l.num(c)}°</text>`,
    )
    .join('');
  const axis = axisLabels(l, x, H - 3);
  const now = 9 + 41 / 60;
  const at = (values: readonly number[]) => {
    const i = Math.floor(now);
    const a = values[i] ?? 0;
    const b = values[i + 1] ?? a;
    return a + (b - a) * (now - i);
  };
  const chart =
    `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" style="display:block"><defs>` +
    `<linearGradient id="air" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e02424" stop-opacity=".22"/><stop offset="1" stop-color="#e02424" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c7fa6" stop-opacity=".2"/><stop offset="1" stop-color="#1c7fa6" stop-opacity="0"/></linearGradient></defs>${grid}` +
    `<path d="${line(airHours)}L${x(24)} ${n(y(16))}L${x(0)} ${n(y(16))}Z" fill="url(#air)"/>` +
    `<path d="${line(airHours)}" fill="none" stroke="#e02424" stroke-width="2.6"/><path d="${line(seaHours)}" fill="none" stroke="#1c7fa6" stroke-width="2.6"/>` +
    `<path d="M${n(x(now))} 8V${n(y(16))}" stroke="#1c2329" stroke-width="1.2" stroke-dasharray="3 3" opacity=".6"/>` +
    `<circle cx="${n(x(now))}" cy="${n(y(at(airHours)))}" r="5" fill="#e02424" stroke="#fff" stroke-width="2"/><circle cx="${n(x(now))}" cy="${n(y(at(seaHours)))}" r="5" fill="#1c7fa6" stroke="#fff" stroke-width="2"/>` +
    `${axis}</svg>`;
  const legend = (colour: string, label: string) =>
    `<span class="row" style="gap:5px;font-size:12px;font-weight:600"><span style="width:14px;height:3px;border-radius:2px;background:${colour}"></span>${label}</span>`;
  const chartCard = `<div class="card" style="padding:14px 12px 8px;margin-top:12px"><div class="row" style="gap:12px;padding:0 4px 8px"><span class="section-title" style="flex:1">${t.hourly}</span>${legend('#e02424', t.air)}${legend('#1c7fa6', t.sea)}</div>${chart}</div>`;
  const week = Array.from({ length: 7 }, (_, i) => {
    const at2 = today + i * day;
    const label = i === 0 ? t.today : l.date(at2, { weekday: 'short' }).replace('.', '');
    const min = [17.8, 18.5, 19.1, 18.2, 17.6, 18.9, 19.4][i] ?? 18;
    const max = [26.0, 27.2, 25.4, 24.1, 26.3, 23.8, 25.6][i] ?? 25;
    const sea = [21.4, 21.6, 21.7, 21.5, 21.4, 21.6, 21.8][i] ?? 21.5;
    const scale = (c: number) => ((c - 14) / 16) * 100;
    return (
      `<div class="row tnum" style="gap:10px;height:32px;${i > 0 ? 'border-top:1px solid var(--line)' : ''}"><span style="width:44px;font-weight:700;font-size:13px">${label}</span>` +
      `<span style="width:28px;text-align:right;font-size:13px;font-weight:600" class="muted">${l.num(min)}°</span>` +
      `<span style="flex:1;position:relative;height:6px;border-radius:3px;background:#edf0f2"><span style="position:absolute;top:0;bottom:0;border-radius:3px;left:${n(scale(min))}%;width:${n(scale(max) - scale(min))}%;background:linear-gradient(90deg,#f59e0b,#e02424)"></span></span>` +
      `<span style="width:28px;font-size:13px;font-weight:700">${l.num(max)}°</span>` +
      `<span style="min-width:54px;text-align:center;font-size:12px;font-weight:700;color:var(--sea);background:var(--sea-soft);border-radius:8px;padding:3px 6px">${l.num(sea, 1)}°</span></div>`
    );
  }).join('');
  const weekCard = `<div class="card" style="padding:12px 14px 4px;margin-top:12px"><div class="row" style="padding-bottom:4px"><span class="section-title" style="flex:1">${t.week}</span>${legend('#e02424', t.air)}<span style="width:12px"></span>${legend('#1c7fa6', t.sea)}</div>${week}</div>`;
  return screen({ status: 'light', l, tab: 'weather', body: `${bar}${main(stats + chartCard + weekCard)}` });
}

function profile(l: Locale): string {
  const { t } = l;
  const stats = [
    [l.num(48), t.posts],
    [l.num(1254), t.followers],
    [l.num(312), t.followingStat],
  ]
    .map(
      ([value, label]) =>
        `<div style="text-align:center;flex:1"><div style="font-size:18px;font-weight:700" class="tnum">${value}</div><div style="font-size:12px;color:#c9ced4;font-weight:500">${label}</div></div>`,
    )
    .join('');
  const header =
    `<div style="padding:4px 16px 16px">` +
    `<div class="row" style="gap:14px"><div style="padding:3px;border-radius:50%;background:linear-gradient(135deg,#f04646,#f59e0b)"><div style="padding:2px;border-radius:50%;background:var(--bar)">${avatar('Marco Rinaldi', 76, 0)}</div></div><div class="row" style="flex:1">${stats}</div></div>` +
    `<div class="row" style="gap:8px;margin-top:12px"><span style="font-size:17px;font-weight:700">Marco Rinaldi</span>${proBadge()}</div>` +
    `<div style="font-size:13.5px;color:#d9dde1;margin-top:3px;line-height:1.4">${t.bio}</div>` +
    `<div class="row" style="gap:10px;margin-top:14px"><span class="btn primary" style="flex:1;height:38px;border-radius:12px;font-size:14px">${icon('camera', 18, 2.2)}${t.addPost}</span>` +
    `<span class="btn" style="flex:1;height:38px;border-radius:12px;font-size:14px;background:var(--bar-2);color:#fff">${icon('edit', 16, 2.2)}${t.editProfile}</span></div></div>`;
  const bar = appBar({ title: 'marco.rinaldi', actions: [iconButton('plus'), iconButton('more')], below: header });
  const tabs = `<div class="row" style="background:#fff;height:46px;border-bottom:1px solid var(--line)"><div style="flex:1;height:100%;display:grid;place-items:center;color:var(--text);box-shadow:inset 0 -2.5px 0 var(--red)">${icon('grid', 22, 2)}</div><div style="flex:1;display:grid;place-items:center;color:#9aa4ad">${icon('log', 22, 2)}</div><div style="flex:1;display:grid;place-items:center;color:#9aa4ad">${icon('bookmark', 22, 2)}</div></div>`;
  const tiles: [Species, Backdrop][] = [
    ['bass', 'sea'],
    ['dentex', 'deck'],
    ['bream', 'rocks'],
    ['tuna', 'deck'],
    ['amberjack', 'board'],
    ['bonito', 'sea'],
    ['bream', 'board'],
    ['bass', 'rocks'],
    ['dentex', 'sea'],
  ];
  const grid = `<div style="display:grid;grid-template-columns:repeat(3,1fr);gap:2px;background:#fff">${tiles.map(([s, b], i) => photo(s, b, 129, 129, 40 + i, 'width:100%')).join('')}</div>`;
  return screen({ status: 'light', l, tab: 'profile', body: `${bar}${main(tabs + grid, 'padding:0')}` });
}

function catchDetail(l: Locale): string {
  const { t } = l;
  const c = logged[0];
  if (c === undefined) throw new Error('no catch to show');
  const round = (name: IconName) =>
    `<div style="width:38px;height:38px;border-radius:19px;background:rgba(10,14,18,.45);display:grid;place-items:center;color:#fff;backdrop-filter:blur(6px)">${icon(name, 21, 2.2)}</div>`;
  const top =
    `<div style="position:absolute;left:0;right:0;top:0">${photo(c.species, c.backdrop, 390, 246, 7, '', { y: 0.6, band: 0.6 })}` +
    `<div style="position:absolute;inset:0 0 auto;height:120px;background:linear-gradient(rgba(0,0,0,.45),rgba(0,0,0,0))"></div>` +
    `<div class="row" style="position:absolute;top:56px;left:14px;right:14px;gap:10px">${round('back')}<span style="flex:1"></span>${round('share')}${round('more')}</div></div>`;
  const tile = (iconName: IconName, label: string, value: string) =>
    `<div class="card" style="flex:1;padding:10px 10px 9px;min-width:0"><div class="row muted" style="gap:5px;font-size:11.5px;font-weight:600">${icon(iconName, 15, 2.1)}${label}</div><div style="font-weight:700;font-size:15px;margin-top:3px;white-space:nowrap" class="tnum">${value}</div></div>`;
  const when = `${l.date(c.at, { day: 'numeric', month: 'short' }).replace('.', '')}, ${l.time(c.hour, c.minute)}`;
  const gearRow = (iconName: IconName, label: string, value: string, first: boolean) =>
    `<div class="row" style="gap:10px;height:40px;${first ? '' : 'border-top:1px solid var(--line)'}"><span style="width:28px;height:28px;border-radius:9px;background:var(--red-soft);color:var(--red);display:grid;place-items:center;flex:none">${icon(iconName, 16, 2)}</span>` +
    `<span class="muted" style="font-size:12.5px;font-weight:600;width:70px;flex:none">${label}</span><span style="font-weight:600;font-size:13px;flex:1;text-align:right;white-space:nowrap">${value}</span></div>`;
  const weatherTile = (iconName: IconName, label: string, value: string, colour: string) =>
    `<div style="background:var(--bg);border-radius:12px;padding:8px 10px"><div class="row" style="gap:6px;font-size:11.5px;font-weight:600;color:var(--muted)"><span style="color:${colour}">${icon(iconName, 15, 2.1)}</span>${label}</div><div style="font-weight:700;font-size:14px;margin-top:1px" class="row tnum">${value}</div></div>`;
  const sheet =
    `<div style="position:absolute;left:0;right:0;top:222px;bottom:0;background:var(--bg);border-radius:22px 22px 0 0;padding:16px 14px 0">` +
    `<div class="row" style="gap:10px;padding:0 2px"><div style="flex:1"><div style="font-size:22px;font-weight:800;letter-spacing:-0.02em">${t.species[c.species]}</div><div class="muted" style="font-style:italic;font-size:13px">Dicentrarchus labrax</div></div>` +
    `<span class="btn" style="background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.1);color:var(--text)">${icon('edit', 15, 2.2)}</span></div>` +
    `<div class="row" style="gap:8px;margin-top:10px">${tile('weight', t.weight, `${l.num(c.kg, 1)} kg`)}${tile('ruler', t.length, `${l.num(c.cm)} cm`)}${tile('calendar', t.date, when)}</div>` +
    `<div class="card" style="margin-top:10px;padding:10px 12px"><div class="row" style="gap:10px"><div style="flex:1"><div style="font-weight:700;font-size:14px">${t.visibility}</div><div class="muted" style="font-size:11.5px;margin-top:1px">${t.privateNote}</div></div>` +
    `<div class="row" style="background:var(--bg);border-radius:10px;padding:3px;gap:2px"><span class="row" style="gap:5px;padding:6px 10px;border-radius:8px;background:var(--bar);color:#fff;font-weight:600;font-size:12.5px">${icon('lock', 14, 2.2)}${t.private}</span><span class="row muted" style="gap:5px;padding:6px 10px;font-weight:600;font-size:12.5px">${icon('globe', 14, 2.2)}${t.shared}</span></div></div></div>` +
    `<div class="card" style="margin-top:10px;padding:10px 14px 4px"><div class="section-title" style="margin-bottom:2px">${t.gearUsed}</div>` +
    gearRow('rod', t.rod, t.rodValue, true) +
    gearRow('reel', t.reel, t.reelValue, false) +
    gearRow('line', t.line, t.lineValue, false) +
    gearRow('lure', t.lure, t.lureValue, false) +
    `</div>` +
    `<div class="card" style="margin-top:10px;padding:10px 14px 12px"><div class="row" style="gap:6px"><span class="section-title" style="flex:1">${t.pastWeather}</span><span class="muted">${icon('lock', 15, 2.2)}</span></div>` +
    `<div style="display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:8px">` +
    weatherTile(
      'wind',
      t.wind,
      `<span style="color:var(--sea);display:flex;margin-right:4px">${windArrow(315, 13)}</span>12 km/h ${compass(l, 315)}`,
      'var(--sea)',
    ) +
    weatherTile('wave', t.waves, `${l.num(0.6, 1)} m`, 'var(--sea)') +
    weatherTile('pressure', t.pressure, `${l.num(1016)} hPa`, '#7c3aed') +
    weatherTile('moon', t.moon, t.moonPhase, '#6366f1') +
    `</div></div></div>`;
  return screen({ status: 'light', l, tab: null, body: `${top}${sheet}` });
}

const mapLabels = (l: Locale): MapLabel[] => [
  { at: [545, 405], text: 'Orbetello', kind: 'town' },
  { at: [530, 590], text: 'Porto S. Stefano', kind: 'town' },
  { at: [690, 660], text: 'Porto Ercole', kind: 'town' },
  { at: [545, 790], text: 'MONTE ARGENTARIO', kind: 'area' },
  { at: [880, 250], text: 'Ansedonia', kind: 'town' },
  { at: [170, 250], text: 'Talamone', kind: 'town' },
  { at: [290, 1000], text: l.lang === 'it' ? 'Mar Tirreno' : 'Tyrrhenian Sea', kind: 'sea' },
];

function mapScreen(l: Locale): string {
  const { t } = l;
  const pins: MapPin[] = [
    { at: [235, 650], kind: 'cluster', count: 12 },
    { at: [470, 470], kind: 'cluster', count: 5 },
    { at: [870, 560], kind: 'cluster', count: 3 },
    { at: [300, 820], kind: 'pin' },
    { at: [285, 455], kind: 'pin' },
    { at: [810, 430], kind: 'pin' },
    { at: [790, 800], kind: 'pin' },
    { at: [620, 500], kind: 'pin' },
    { at: [160, 400], kind: 'pin' },
    { at: [350, 560], kind: 'selected' },
  ];
  const map = `<div style="position:absolute;inset:0">${coastMap({ width: 390, height: 844, center: [540, 740], scale: 0.43, pins, labels: mapLabels(l) })}</div>`;
  const fade = `<div style="position:absolute;top:0;left:0;right:0;height:170px;background:linear-gradient(rgba(255,255,255,.95),rgba(255,255,255,.7) 55%,rgba(255,255,255,0))"></div>`;
  const search =
    `<div class="row" style="position:absolute;top:58px;left:14px;right:14px;gap:10px">` +
    `<div class="row" style="flex:1;height:46px;border-radius:23px;background:#fff;box-shadow:0 2px 10px rgba(0,0,0,.14);padding:0 16px;gap:10px;color:var(--muted)">${icon('search', 20, 2.2)}<span style="font-size:15px">${t.searchPlaces}</span></div>` +
    `<div style="width:46px;height:46px;border-radius:23px;background:#fff;box-shadow:0 2px 10px rgba(0,0,0,.14);display:grid;place-items:center">${icon('filter', 21, 2)}</div></div>`;
  const chips =
    `<div class="row" style="position:absolute;top:116px;left:14px;gap:8px;width:600px">` +
    `<span class="chip on">${icon('fish', 15, 2.2)}${t.allSpecies}</span>` +
    (['bass', 'bream', 'dentex', 'tuna'] as const)
      .map((s) => `<span class="chip">${t.shortSpecies[s]}</span>`)
      .join('') +
    `</div>`;
  const controls =
    `<div style="position:absolute;right:14px;top:430px;display:flex;flex-direction:column;gap:10px">` +
    ['layers', 'locate']
      .map(
        (name) =>
          `<div style="width:44px;height:44px;border-radius:14px;background:#fff;box-shadow:0 2px 10px rgba(0,0,0,.14);display:grid;place-items:center;color:${name === 'locate' ? 'var(--sea)' : 'var(--text)'}">${icon(name as IconName, 21, 2)}</div>`,
      )
      .join('') +
    `</div>`;
  const c = logged[1];
  if (c === undefined) throw new Error('no catch to show');
  const sheet =
    `<div style="position:absolute;left:0;right:0;bottom:84px;background:#fff;border-radius:22px 22px 0 0;box-shadow:0 -4px 20px rgba(0,0,0,.12);padding:8px 16px 16px">` +
    `<div style="width:40px;height:5px;border-radius:3px;background:#d5dade;margin:0 auto 10px"></div>` +
    `<div class="row" style="gap:8px;margin-bottom:12px"><span style="font-weight:700;font-size:15.5px;flex:1">${t.catchesHere(20)}</span>${proBadge()}</div>` +
    `<div class="row" style="gap:12px">${photo(c.species, c.backdrop, 84, 84, 31, 'border-radius:14px;flex:none')}` +
    `<div style="flex:1;min-width:0"><div style="font-weight:700;font-size:16px">${t.species[c.species]}</div><div style="font-weight:600;font-size:13.5px;color:#3d4852;margin-top:1px">${l.num(c.kg, 1)} kg · ${l.num(c.cm)} cm</div>` +
    `<div class="muted" style="font-size:12.5px;margin-top:2px">${l.date(c.at, { day: 'numeric', month: 'short', year: 'numeric' }).replace('.', '')} · ${l.time(c.hour, c.minute)}</div>` +
    `<div class="row" style="gap:8px;margin-top:7px"><span class="lock-pill">${icon('lock', 13, 2.2)}${t.private}</span><span class="btn primary" style="height:30px;margin-left:auto;font-size:12.5px;padding:0 12px">${t.details}${icon('chevron', 14, 2.4)}</span></div></div></div></div>`;
  return screen({ status: 'dark', l, tab: 'map', body: `${map}${fade}${search}${chips}${controls}${sheet}` });
}

function location(l: Locale): string {
  const { t } = l;
  const c = logged[0];
  if (c === undefined) throw new Error('no catch to show');
  const bar = appBar({
    title: t.catchLocation,
    back: true,
    sub: `${t.species[c.species]} · ${l.date(c.at, { day: 'numeric', month: 'short', year: 'numeric' }).replace('.', '')}`,
    actions: [iconButton('more')],
  });
  const spot: Point = [318, 600];
  const map = `<div style="${absolute(106)}">${coastMap({ width: 390, height: 654, center: [440, 640], scale: 0.95, pins: [{ at: spot, kind: 'selected' }], accuracy: spot, labels: mapLabels(l).filter((label) => label.kind !== 'sea') })}</div>`;
  const banner = `<div style="position:absolute;top:120px;left:0;right:0;display:flex;justify-content:center"><span class="row" style="gap:7px;padding:8px 14px;border-radius:20px;background:rgba(29,31,35,.88);color:#fff;font-weight:600;font-size:13px;box-shadow:0 2px 10px rgba(0,0,0,.2)">${icon('lock', 16, 2.2)}${t.onlyYou}</span></div>`;
  const card =
    `<div class="card" style="position:absolute;left:12px;right:12px;bottom:96px;padding:14px">` +
    `<div class="row" style="gap:12px">${photo(c.species, c.backdrop, 56, 56, 7, 'border-radius:12px;flex:none')}<div style="flex:1;min-width:0"><div style="font-weight:700;font-size:15.5px;white-space:nowrap">${t.species[c.species]}</div>` +
    `<div style="font-weight:600;font-size:13px;color:#3d4852">${l.num(c.kg, 1)} kg · ${l.time(c.hour, c.minute)}</div>` +
    `<div class="muted tnum" style="font-size:12px;margin-top:1px;white-space:nowrap">42°25′48″ N · 11°07′12″ E</div></div>` +
    `<div style="text-align:center;flex:none"><div style="width:44px;height:44px;border-radius:22px;background:var(--red);color:#fff;display:grid;place-items:center;margin:0 auto">${icon('send', 20, 2.2)}</div><div style="font-size:11px;font-weight:600;margin-top:3px">${t.navigate}</div></div></div>` +
    `<div class="row" style="gap:10px;align-items:flex-start;margin-top:12px;padding:10px 12px;border-radius:12px;background:var(--red-soft);color:#9b1c1c;font-size:12.5px;line-height:1.4;font-weight:500"><span style="margin-top:1px">${icon('lock', 17, 2.2)}</span><span>${t.locationNote}</span></div></div>`;
  return screen({ status: 'light', l, tab: 'log', body: `${bar}${map}${banner}${card}` });
}

export const screens: Record<ScreenName, (l: Locale) => string> = {
  hero,
  map: mapScreen,
  feed,
  log,
  forecast,
  tides,
  temperature,
  profile,
  catch: catchDetail,
  location,
};
