// One catch in detail: its photo, figures, visibility, gear and the weather when it was caught.
import { icon, type IconName } from '../icons.ts';
import type { Locale } from '../locale.ts';
import { screen } from '../ui.ts';
import { logged } from './logged.ts';
import { compass, photo, windArrow } from './parts.ts';

export function catchDetail(l: Locale): string {
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
