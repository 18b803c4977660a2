// Tides, sun and moon, and the solunar periods for one day.
import { n, smooth, type Point } from '../../svg.ts';
import { icon, solidIcon } from '../icons.ts';
import { today, type Locale } from '../locale.ts';
import { screen } from '../ui.ts';
import { axisLabels, main, nowHours, weatherBar } from './parts.ts';

// the tide: a semidiurnal curve (Mediterranean range, a few tens of centimetres)
const W = 334;
const H = 156;
const top = 34;
const bottom = 98;
const height = (hours: number) => 0.22 + 0.17 * Math.cos((2 * Math.PI * (hours - 4.2)) / 12.42);
const x = (hours: number) => 8 + (hours / 24) * (W - 16);
const y = (metres: number) => bottom - ((metres - 0.02) / 0.4) * (bottom - top);

/** The day's high and low waters on the curve, each with its time and height. */
function extremes(l: Locale): string {
  return [
    { hours: 4.2, high: true },
    { hours: 10.41, high: false },
    { hours: 16.62, high: true },
    { hours: 22.83, high: false },
  ]
    .map((e) => {
      const px = x(e.hours);
      const py = y(height(e.hours));
      const hh = Math.floor(e.hours);
      const mm = Math.round((e.hours - hh) * 60);
      const labelY = e.high ? py - 12 : py + 22;
      return `<circle cx="${n(px)}" cy="${n(py)}" r="4.5" fill="#fff" stroke="var(--sea)" stroke-width="2.5"/><text x="${n(px)}" y="${n(labelY)}" text-anchor="middle" font-size="11" font-weight="700" fill="#1c2329">${l.time(hh, mm)}</text><text x="${n(px)}" y="${n(labelY + (e.high ? -13 : 13))}" text-anchor="middle" font-size="10" font-weight="600" fill="#6b7780">${l.num(height(e.hours), 2)} m</text>`;
    })
    .join('');
}

/** The tide over the day: the filled curve, now marked on it, the high and low waters and the hours. */
function tideChart(l: Locale): string {
  const points: Point[] = [];
  for (let h = 0; h <= 24.001; h += 0.25) points.push([x(h), y(height(h))]);
  const curve = smooth(points);
  return (
    `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" style="display:block"><defs><linearGradient id="tide" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c7fa6" stop-opacity=".45"/><stop offset="1" stop-color="#1c7fa6" stop-opacity=".04"/></linearGradient></defs>` +
    `<path d="M${n(x(0))} ${H - 18}H${n(x(24))}" stroke="#e9edf0"/><path d="${curve}L${n(x(24))} ${H - 18}L${n(x(0))} ${H - 18}Z" fill="url(#tide)"/><path d="${curve}" fill="none" stroke="var(--sea)" stroke-width="2.5"/>` +
    `<path d="M${n(x(nowHours))} ${top - 8}V${H - 18}" stroke="var(--red)" stroke-width="1.5" stroke-dasharray="3 3"/><circle cx="${n(x(nowHours))}" cy="${n(y(height(nowHours)))}" r="5" fill="var(--red)" stroke="#fff" stroke-width="2"/>` +
    `<rect x="${n(x(nowHours) - 18)}" y="${top - 26}" width="36" height="17" rx="8.5" fill="var(--red)"/><text x="${n(x(nowHours))}" y="${top - 14}" text-anchor="middle" font-size="10" font-weight="700" fill="#fff">${l.t.now}</text>` +
    `${extremes(l)}${axisLabels(l, x, H - 3)}</svg>`
  );
}

function tideCard(l: Locale): string {
  const { t } = l;
  return (
    `<div class="card" style="padding:14px 12px 8px"><div class="row" style="gap:8px;padding:0 4px 6px"><span style="color:var(--sea)">${icon('tide', 20, 2)}</span><span class="section-title">${t.tide}</span>` +
    `<span style="margin-left:auto;font-size:12px;font-weight:600" class="muted">${t.high} ${l.num(0.39, 2)} m · ${t.low} ${l.num(0.05, 2)} m</span></div>${tideChart(l)}</div>`
  );
}

/** Sunrise, sunset, moonrise and moonset, then the moon's phase. */
function sunCard(l: Locale): string {
  const { t } = l;
  const times = (
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
  return (
    `<div class="card" style="padding:12px 12px 10px;margin-top:12px"><div class="section-title" style="padding:0 4px 2px">${t.sunMoon}</div><div style="display:grid;grid-template-columns:1fr 1fr">${times}</div>` +
    `<div class="row" style="gap:12px;margin-top:4px;padding:8px 6px 0;border-top:1px solid var(--line)">${moon}<div><div style="font-weight:700;font-size:14.5px">${t.moonPhase}</div><div class="muted" style="font-size:12.5px">${t.illumination(l.num(18))}</div></div></div></div>`
  );
}

// The solunar periods, from and to in hours: the major ones, then the minor ones.
const majors: [number, number][] = [
  [3 + 35 / 60, 5 + 35 / 60],
  [16, 18],
];
const minors: [number, number][] = [
  [8 + 42 / 60, 9 + 42 / 60],
  [23 + 17 / 60, 24],
];

/** The periods as bars along the day, now marked, with the hours under it. */
function timeline(l: Locale): string {
  const bars = (periods: readonly [number, number][], colour: string) =>
    periods
      .map(
        ([a, b]) =>
          `<div style="position:absolute;top:0;bottom:0;left:${n((a / 24) * 100)}%;width:${n(((b - a) / 24) * 100)}%;background:${colour};border-radius:6px"></div>`,
      )
      .join('');
  return (
    `<div style="position:relative;height:12px;border-radius:6px;background:#edf0f2;margin:12px 2px 4px">` +
    bars(majors, 'var(--red)') +
    bars(minors, '#f8a5a5') +
    `<div style="position:absolute;top:-3px;bottom:-3px;left:${n((nowHours / 24) * 100)}%;width:2px;background:#1c2329"></div></div>` +
    `<div class="row muted" style="justify-content:space-between;font-size:10px;font-weight:500;padding:0 2px">${[0, 6, 12, 18, 24].map((h) => `<span>${l.time(h % 24)}</span>`).join('')}</div>`
  );
}

/** The day's rating for fishing, the timeline, and the periods' times under a key. */
function solunarCard(l: Locale): string {
  const { t } = l;
  const period = (from: number, to: number) => {
    const fmt = (v: number) => l.time(Math.floor(v) % 24, Math.round((v % 1) * 60));
    return `${fmt(from)}–${fmt(to)}`;
  };
  const rating = [1, 2, 3, 4]
    .map((i) => `<span style="color:${i <= 3 ? 'var(--red)' : '#d5dade'}">${solidIcon('fish', 18)}</span>`)
    .join('');
  return (
    `<div class="card" style="padding:14px 16px 12px;margin-top:12px"><div class="row" style="gap:8px"><span class="section-title">${t.solunar}</span><span class="row" style="margin-left:auto;gap:2px">${rating}</span></div>` +
    `<div class="muted" style="font-size:12px;font-weight:600;margin-top:2px">${t.dayRating}</div>${timeline(l)}` +
    `<div style="display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:10px"><div><div class="row" style="gap:6px;font-size:12px;font-weight:700"><span style="width:10px;height:10px;border-radius:3px;background:var(--red)"></span>${t.major}</div><div class="tnum" style="font-weight:600;font-size:13.5px;margin-top:3px">${majors.map(([a, b]) => period(a, b)).join('<br>')}</div></div>` +
    `<div><div class="row" style="gap:6px;font-size:12px;font-weight:700"><span style="width:10px;height:10px;border-radius:3px;background:#f8a5a5"></span>${t.minor}</div><div class="tnum" style="font-weight:600;font-size:13.5px;margin-top:3px">${minors.map(([a, b]) => period(a, b)).join('<br>')}</div></div></div></div>`
  );
}

export function tides(l: Locale): string {
  const bar = weatherBar(
    l.t.tidesTitle,
    `<div class="row" style="justify-content:space-between;padding:2px 10px 12px;color:#fff">${icon('back', 22, 2.2)}<span style="font-weight:600;font-size:14.5px">${l.longDate(today)}</span>${icon('chevron', 22, 2.2)}</div>`,
  );
  return screen({
    status: 'light',
    l,
    tab: 'weather',
    body: `${bar}${main(tideCard(l) + sunCard(l) + solunarCard(l))}`,
  });
}
