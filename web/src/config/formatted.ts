import type { Formatted } from '../../build/formatted';
import type { Language } from './languages';

/**
 * The site's dates and prices as `language` writes them, formatted by the build from
 * constants.ts (build/formatted.ts says why not here).
 */
export function formatted(language: Language): Formatted {
  return __FORMATTED__[language];
}
