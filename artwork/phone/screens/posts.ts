// The parts of a post in the feed: who posted it and when, the actions under the photo, and
// the species tag over it.
import { icon, solidIcon } from '../icons.ts';
import type { Species } from '../fish.ts';
import type { Locale } from '../locale.ts';
import { avatar, proBadge } from '../ui.ts';

export function postHeader(name: string, colour: number, when: string, trailing: string, pro = false): string {
  return (
    `<div class="row" style="padding:12px 14px;gap:10px">${avatar(name, 40, colour)}` +
    `<div style="flex:1;min-width:0"><div class="row" style="gap:6px;font-weight:700;font-size:14.5px">${name}${pro ? proBadge() : ''}</div>` +
    `<div class="muted" style="font-size:12px;margin-top:1px">${when}</div></div>${trailing}</div>`
  );
}

export function actions(likes: string, comments: string, liked: boolean): string {
  const heart = liked ? `<span style="color:var(--red)">${solidIcon('heart', 25)}</span>` : icon('heart', 25);
  return (
    `<div class="row" style="padding:10px 14px 6px;gap:18px;font-weight:600;font-size:14px">` +
    `<span class="row" style="gap:6px">${heart}${likes}</span><span class="row" style="gap:6px">${icon('comment', 24)}${comments}</span>` +
    `<span>${icon('send', 23)}</span><span style="margin-left:auto">${icon('bookmark', 23)}</span></div>`
  );
}

export function speciesTag(l: Locale, species: Species, kg: number): string {
  return `<span style="position:absolute;left:12px;bottom:12px;display:inline-flex;align-items:center;gap:6px;padding:5px 10px 5px 8px;border-radius:14px;background:rgba(12,16,20,.62);color:#fff;font-size:12.5px;font-weight:600;backdrop-filter:blur(4px)">${icon('fish', 16, 2)}${l.t.species[species]} · ${l.num(kg, 1)} kg</span>`;
}
