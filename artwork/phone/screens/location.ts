// Where a catch was made, on the map, seen only by its angler.
import type { Point } from '../../svg.ts';
import { icon } from '../icons.ts';
import type { Locale } from '../locale.ts';
import { coastMap } from '../maps.ts';
import { appBar, iconButton, screen } from '../ui.ts';
import { logged } from './logged.ts';
import { mapLabels } from './map.ts';
import { photo } from './parts.ts';

/** Style for a box across the screen from `top` down to `bottom` pixels above its foot (the tab bar's top). */
const absolute = (top: number, bottom = 84) =>
  `position:absolute;left:0;right:0;top:${top}px;bottom:${bottom}px;overflow:hidden`;

export function location(l: Locale): string {
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
