import { legalTextsUpdated, plans } from '../src/config/constants.ts';
import { languages, type Language } from '../src/config/languages.ts';

/** A language's dates and prices, written as it writes them. */
export type Formatted = {
  /** The date the legal texts were last changed. */
  legalTextsUpdated: string;
  /** Each plan's price in the plans' currency: whole amounts without decimals. */
  prices: Record<'free' | 'proMonthly' | 'proYearly', string>;
  /** The yearly plan's saving, as a percentage. */
  yearlySaving: string;
  /**
   * The character between groups of three digits in a count (`formatCount` in
   * config/formatted.ts writes counts with it, grouping always).
   */
  groupSeparator: string;
};

/** The group separator `language` writes in 1000, grouping always. */
function groupSeparator(language: Language): string {
  const parts = new Intl.NumberFormat(language, { useGrouping: 'always' }).formatToParts(1000);
  const digits = parts.map((part) => part.type);
  // Counts are written by hand in the browser, so the build checks the shape that assumes.
  if (digits.join(' ') !== 'integer group integer') {
    throw new Error(
      `${language} writes 1000 as ${digits.join(' ')}; config/formatted.ts formatCount assumes integer group integer`,
    );
  }
  return parts[1]?.value ?? '';
}

/**
 * The site's dates and prices in every language, formatted when the site is built (vite.config.ts
 * passes them to the pages as `__FORMATTED__`): the browser's first date or currency format
 * loads its locale data, 40–90 ms of one task on a desktop and four times that on a phone, in
 * the middle of the page's hydration. They are constants, so the build writes them once.
 */
export function formatAtBuild(): Record<Language, Formatted> {
  const entries = languages.map((language): [Language, Formatted] => {
    const money = (value: number) =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: plans.currency,
        ...(Number.isInteger(value) ? { maximumFractionDigits: 0 } : {}),
      }).format(value);
    return [
      language,
      {
        legalTextsUpdated: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(legalTextsUpdated),
        ),
        prices: {
          free: money(plans.free.price),
          proMonthly: money(plans.proMonthly.price),
          proYearly: money(plans.proYearly.price),
        },
        yearlySaving: new Intl.NumberFormat(language, { style: 'percent' }).format(plans.proYearly.savingPercent / 100),
        groupSeparator: groupSeparator(language),
      },
    ];
  });
  return Object.fromEntries(entries) as Record<Language, Formatted>;
}
