// An angler's profile: figures, bio, buttons and a grid of catch photos.
import type { Backdrop } from '../catch-photo.ts';
import type { Species } from '../fish.ts';
import { icon } from '../icons.ts';
import type { Locale } from '../locale.ts';
import { appBar, avatar, iconButton, proBadge, screen } from '../ui.ts';
import { main, photo } from './parts.ts';

export function profile(l: Locale): string {
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
