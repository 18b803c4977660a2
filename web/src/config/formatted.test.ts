import { describe, expect, it } from 'vitest';
import { formatCount } from './formatted';
import { languages } from './languages';

describe('formatCount', () => {
  it.each(languages)('writes counts as Intl does in %s, grouping always', (language) => {
    const intl = new Intl.NumberFormat(language, { useGrouping: 'always' });
    for (const count of [0, 7, 42, 999, 1000, 5000, 10_000, 12_345, 999_999, 1_234_567, -1500]) {
      expect(formatCount(language, count)).toBe(intl.format(count));
    }
  });
});
