// The global feed: posts from anglers to follow.
import { icon } from '../icons.ts';
import type { Locale } from '../locale.ts';
import { appBar, iconButton, screen } from '../ui.ts';
import { main, photo, segments } from './parts.ts';
import { actions, postHeader, speciesTag } from './posts.ts';

export function feed(l: Locale): string {
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
