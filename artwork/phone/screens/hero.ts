// The first screen shown: the feed of followed anglers, with one post at full size.
import { icon } from '../icons.ts';
import type { Locale } from '../locale.ts';
import { appBar, iconButton, logo, productName, screen } from '../ui.ts';
import { main, photo, segments } from './parts.ts';
import { actions, postHeader, speciesTag } from './posts.ts';

export function hero(l: Locale): string {
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
