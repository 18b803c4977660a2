import type { Formatted } from '../../build/formatted';
import type { Language } from './languages';

/**
 * The site's dates and prices as `language` writes them, formatted by the build from
 * constants.ts (build/formatted.ts says why not here).
 */
export function formatted(language: Language): Formatted {
  return __FORMATTED__[language];
}

/**
 * A count of characters as `language` writes it, digits grouped by three always (as
 * `Intl.NumberFormat(language, { useGrouping: 'always' })` writes it, from the separator the
 * build read): the form's counters change at every keystroke, and the browser's first number
 * format costs a long task while the page hydrates.
 */
export function formatCount(language: Language, count: number): string {
  const digits = String(Math.trunc(Math.abs(count)));
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return `${count < 0 ? '-' : ''}${groups.join(formatted(language).groupSeparator)}`;
}
