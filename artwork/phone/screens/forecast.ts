// The marine forecast: the week's days, today's summary and the sea and wind hour by hour.
import { n } from '../../svg.ts';
import { icon, type IconName } from '../icons.ts';
import { today, type Locale } from '../locale.ts';
import { proBadge, screen } from '../ui.ts';
import { compass, main, weatherBar, weekDay, windArrow } from './parts.ts';

/** The week's days under the bar, today picked, each with its weather and highest temperature. */
function weekStrip(l: Locale): string {
  return Array.from({ length: 7 }, (_, i) => {
    const { at, label } = weekDay(l, i);
    const dayIcon: IconName = [2, 5].includes(i) ? 'cloud' : i === 3 ? 'cloudSun' : 'sun';
    const max = [26, 27, 25, 24, 26, 23, 25][i] ?? 25;
    const on = i === 0;
    return `<div style="width:47px;flex:none;text-align:center;padding:7px 0 8px;border-radius:12px;${on ? 'background:var(--red);color:#fff' : 'background:var(--bar-2);color:#d9dde1'}"><div style="font-size:11px;font-weight:600">${label}</div><div style="font-size:16px;font-weight:700;margin:1px 0 3px">${l.date(at, { day: 'numeric' })}</div><div style="display:flex;justify-content:center">${icon(dayIcon, 18, 2)}</div><div style="font-size:11.5px;font-weight:600;margin-top:3px">${max}°</div></div>`;
  }).join('');
}

/** Today in a card, then the line that introduces the hourly table. */
function summary(l: Locale): string {
  const { t } = l;
  return (
    `<div style="border-radius:16px;padding:14px 16px;color:#fff;background:linear-gradient(135deg,#0b3954,#1c7fa6);display:flex;align-items:center;gap:14px;box-shadow:0 4px 14px rgba(11,57,84,.25)">` +
    `${icon('cloudSun', 44, 1.6)}<div style="flex:1"><div style="font-size:12.5px;opacity:.85;font-weight:500">${l.date(today, { weekday: 'long', day: 'numeric', month: 'long' })}</div>` +
    `<div class="row" style="gap:8px"><span style="font-size:34px;font-weight:700;letter-spacing:-0.03em">26°</span><span style="font-size:13px;line-height:1.3;opacity:.92">${t.forecastSummary}</span></div></div></div>` +
    `<div class="row" style="gap:8px;margin:12px 2px 8px">${proBadge()}<span style="font-weight:700;font-size:13.5px">${t.proDays}</span><span class="muted" style="margin-left:auto;font-size:12px;font-weight:600">${l.date(today, { weekday: 'long' })}</span></div>`
  );
}

const hours = [0, 3, 6, 9, 12, 15, 18, 21];
const waves = [0.6, 0.5, 0.5, 0.7, 0.9, 1.1, 1.0, 0.8];
const swell = [0.4, 0.4, 0.3, 0.4, 0.5, 0.6, 0.6, 0.5];
const period = [6, 6, 5, 5, 6, 7, 7, 6];
const wind = [8, 6, 7, 12, 16, 18, 14, 10];
const direction = [315, 330, 340, 300, 280, 270, 290, 310];
const air = [19, 18, 18, 22, 25, 26, 24, 21];
const cols = 'grid-template-columns:48px 1fr 1fr 1fr 1.25fr 0.75fr;column-gap:4px';

/** One row of the table: the hour, waves (shaded by height), swell, period, wind and air. */
function hourRow(l: Locale, hour: number, i: number): string {
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
}

/** The hourly table in a card, its units under the headings. */
function hourlyTable(l: Locale): string {
  const { t } = l;
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
  const rows = hours.map((hour, i) => hourRow(l, hour, i)).join('');
  return `<div class="card" style="overflow:hidden"><div style="display:grid;${cols};padding:8px 12px;font-size:11px;font-weight:700;color:var(--muted);line-height:1.25;text-transform:uppercase;letter-spacing:.02em;align-items:end" class="thead">${head}</div>${rows}</div>`;
}

export function forecast(l: Locale): string {
  const bar = weatherBar(
    l.t.marineForecast,
    `<div class="row" style="gap:5px;padding:4px 14px 14px">${weekStrip(l)}</div>`,
  );
  const style = `<style>.thead span{text-transform:none;font-weight:500;letter-spacing:0}</style>`;
  return screen({ status: 'light', l, tab: 'weather', body: `${style}${bar}${main(summary(l) + hourlyTable(l))}` });
}
