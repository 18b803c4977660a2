// The catch log: this month's figures, then the catches day by day.
import { icon } from '../icons.ts';
import type { Locale } from '../locale.ts';
import { appBar, iconButton, screen } from '../ui.ts';
import { logged } from './logged.ts';
import { main, photo } from './parts.ts';

/** The visibility of a catch as a small icon. */
const visibilityIcon = (shared: boolean) =>
  `<span style="color:${shared ? 'var(--sea)' : 'var(--muted)'}">${icon(shared ? 'globe' : 'lock', 15, 2)}</span>`;

export function log(l: Locale): string {
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
