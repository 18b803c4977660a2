// Pieces the mock screens share: photos, chart axes, segmented controls, the main area, the
// weather screens' bar and the wind's direction.
import { n } from '../../svg.ts';
import { catchPhoto, type Backdrop } from '../catch-photo.ts';
import type { Species } from '../fish.ts';
import { icon } from '../icons.ts';
import { day, today, type Locale } from '../locale.ts';
import { appBar, iconButton } from '../ui.ts';

/** A catch photo in a box of w × h CSS pixels (drawn at a fixed design width, so details scale with it). */
export function photo(
  species: Species,
  backdrop: Backdrop,
  w: number,
  h: number,
  seed: number,
  style = '',
  place?: { y: number; band: number },
): string {
  return `<div class="photo" style="width:${w}px;height:${h}px;${style}">${catchPhoto(species, backdrop, 400, Math.round((400 * h) / w), seed, place)}</div>`;
}

/** Hour labels under a 24-hour chart, the end ones aligned inside it. */
export function axisLabels(l: Locale, x: (hours: number) => number, y: number): string {
  return [0, 6, 12, 18, 24]
    .map(
      (h) =>
        `<text x="${n(x(h))}" y="${y}" text-anchor="${h === 0 ? 'start' : h === 24 ? 'end' : 'middle'}" font-size="10" fill="#8a949c" font-weight="500">${l.time(h % 24)}</text>`,
    )
    .join('');
}

/** A segmented control, item `active` picked. */
export function segments(items: readonly string[], active: number): string {
  return `<div class="segments">${items.map((item, i) => `<span${i === active ? ' class="on"' : ''}>${item}</span>`).join('')}</div>`;
}

/** The content under the screen's bar. */
export const main = (content: string, style = '') => `<main class="main" style="${style}">${content}</main>`;

/** A wind direction in degrees as the nearest of the eight compass points, in the screen's language. */
export const compass = (l: Locale, degrees: number) => l.t.windDirections[Math.round(degrees / 45) % 8] ?? 'N';

/** An arrow pointing where the wind blows to (meteorological direction + 180°). */
export const windArrow = (degrees: number, size = 14) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" style="transform:rotate(${degrees + 180}deg);flex:none"><path d="M12 2.5 18.5 20 12 16.2 5.5 20z" fill="currentColor"/></svg>`;

/** The time the screens show, 9:41, in hours. */
export const nowHours = 9 + 41 / 60;

/** The weather screens' bar: their title, the harbour they are for and a calendar button. */
export function weatherBar(title: string, below: string): string {
  return appBar({
    title,
    sub: `${icon('pin', 13, 2.2)}Porto Santo Stefano`,
    actions: [iconButton('calendar')],
    below,
  });
}

/** A day of the coming week, `i` days from today, and its short name ("today" for today). */
export function weekDay(l: Locale, i: number): { at: number; label: string } {
  const at = today + i * day;
  return { at, label: i === 0 ? l.t.today : l.date(at, { weekday: 'short' }).replace('.', '') };
}
