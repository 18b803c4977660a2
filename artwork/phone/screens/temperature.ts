// Air and sea temperatures: now, hour by hour today, and for the week.
import { n, smooth, type Point } from '../../svg.ts';
import { icon, type IconName } from '../icons.ts';
import type { Locale } from '../locale.ts';
import { screen } from '../ui.ts';
import { axisLabels, main, nowHours, segments, weatherBar, weekDay } from './parts.ts';

// Today's temperatures, hour by hour from midnight to midnight, in °C.
const airHours = [
  19.2, 18.7, 18.3, 18.0, 17.8, 18.1, 19.0, 20.6, 22.1, 23.4, 24.3, 25.1, 25.7, 26.0, 25.9, 25.4, 24.6, 23.6, 22.5,
  21.6, 20.9, 20.3, 19.9, 19.5, 19.1,
];
const seaHours = [
  21.0, 20.9, 20.9, 20.8, 20.8, 20.8, 20.9, 21.0, 21.2, 21.4, 21.6, 21.8, 22.0, 22.1, 22.2, 22.1, 22.0, 21.9, 21.7,
  21.5, 21.4, 21.3, 21.2, 21.1, 21.0,
];

/** The air's and the sea's temperature now, side by side. */
function nowCards(l: Locale): string {
  const { t } = l;
  const stat = (iconName: IconName, colour: string, label: string, value: string, note: string) =>
    `<div class="card" style="flex:1;padding:12px 14px"><div class="row" style="gap:6px;font-size:12px;font-weight:700;color:${colour}">${icon(iconName, 17, 2.2)}<span style="color:var(--muted)">${label}</span></div>` +
    `<div style="font-size:30px;font-weight:700;letter-spacing:-0.03em;margin-top:2px" class="tnum">${value}</div><div class="muted" style="font-size:11.5px;font-weight:500">${note}</div></div>`;
  return (
    `<div class="row" style="gap:12px">${stat('thermometer', 'var(--red)', t.airTemperature, `${l.num(23, 0)}°C`, t.feelsLike(`${l.num(24)}°`))}` +
    `${stat('wave', 'var(--sea)', t.seaTemperature, `${l.num(21.4, 1)}°C`, t.trendUp(`+${l.num(0.3, 1)}°`))}</div>`
  );
}

const W = 334;
const H = 150;
const x = (h: number) => 30 + (h / 24) * (W - 40);
const y = (c: number) => 10 + ((28 - c) / 12) * (H - 32);
const line = (values: readonly number[]) => smooth(values.map((v, h): Point => [x(h), y(v)]));
/** A temperature now, between the hourly values around it. */
const atNow = (values: readonly number[]) => {
  const i = Math.floor(nowHours);
  const a = values[i] ?? 0;
  const b = values[i + 1] ?? a;
  return a + (b - a) * (nowHours - i);
};

/** Today's chart: a grid in degrees, the air's filled curve, the sea's, now marked on both, the hours. */
function hourlyChart(l: Locale): string {
  const grid = [16, 20, 24, 28]
    .map(
      (c) =>
        `<path d="M${x(0)} ${n(y(c))}H${x(24)}" stroke="#e9edf0"/><text x="2" y="${n(y(c) + 3.5)}" font-size="10" fill="#8a949c" font-weight="500">${l.num(c)}°</text>`,
    )
    .join('');
  return (
    `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" style="display:block"><defs>` +
    `<linearGradient id="air" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e02424" stop-opacity=".22"/><stop offset="1" stop-color="#e02424" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c7fa6" stop-opacity=".2"/><stop offset="1" stop-color="#1c7fa6" stop-opacity="0"/></linearGradient></defs>${grid}` +
    `<path d="${line(airHours)}L${x(24)} ${n(y(16))}L${x(0)} ${n(y(16))}Z" fill="url(#air)"/>` +
    `<path d="${line(airHours)}" fill="none" stroke="#e02424" stroke-width="2.6"/><path d="${line(seaHours)}" fill="none" stroke="#1c7fa6" stroke-width="2.6"/>` +
    `<path d="M${n(x(nowHours))} 8V${n(y(16))}" stroke="#1c2329" stroke-width="1.2" stroke-dasharray="3 3" opacity=".6"/>` +
    `<circle cx="${n(x(nowHours))}" cy="${n(y(atNow(airHours)))}" r="5" fill="#e02424" stroke="#fff" stroke-width="2"/><circle cx="${n(x(nowHours))}" cy="${n(y(atNow(seaHours)))}" r="5" fill="#1c7fa6" stroke="#fff" stroke-width="2"/>` +
    `${axisLabels(l, x, H - 3)}</svg>`
  );
}

/** A line in a colour and what it stands for. */
const legend = (colour: string, label: string) =>
  `<span class="row" style="gap:5px;font-size:12px;font-weight:600"><span style="width:14px;height:3px;border-radius:2px;background:${colour}"></span>${label}</span>`;

/** One day of the week: its lowest and highest air temperature as a bar, and the sea's. */
function weekRow(l: Locale, i: number): string {
  const { label } = weekDay(l, i);
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
}

export function temperature(l: Locale): string {
  const { t } = l;
  const bar = weatherBar(t.temperatureTitle, segments([t.todayTab, t.weekTab], 0));
  const chartCard = `<div class="card" style="padding:14px 12px 8px;margin-top:12px"><div class="row" style="gap:12px;padding:0 4px 8px"><span class="section-title" style="flex:1">${t.hourly}</span>${legend('#e02424', t.air)}${legend('#1c7fa6', t.sea)}</div>${hourlyChart(l)}</div>`;
  const week = Array.from({ length: 7 }, (_, i) => weekRow(l, i)).join('');
  const weekCard = `<div class="card" style="padding:12px 14px 4px;margin-top:12px"><div class="row" style="padding-bottom:4px"><span class="section-title" style="flex:1">${t.week}</span>${legend('#e02424', t.air)}<span style="width:12px"></span>${legend('#1c7fa6', t.sea)}</div>${week}</div>`;
  return screen({ status: 'light', l, tab: 'weather', body: `${bar}${main(nowCards(l) + chartCard + weekCard)}` });
}
