// Every browser test says at which width it runs, on purpose: a tag on the test or on a
// describe around it. Both widths only where the width changes what is checked (layout,
// navigation, reflow, carousels, axe, screenshots); a check whose words change with the
// language and whose layout does not matter runs once per language, at the other width in
// the other language (`projectFor` in site.ts), and anything else once at the width named.
// The fixture `widthChosen` (fixtures.ts) fails a test that names none.

export const widthTags = {
  /** The desktop project only (1280 × 800). */
  desktop: '@desktop',
  /** The phone project only (390 × 844, touch). */
  phone: '@phone',
  /** Both projects: the width changes what the test checks. */
  both: '@widths',
} as const;

/**
 * The tests a project runs: its own width's and both widths' (the desktop project also runs a
 * test with no width tag, which `widthChosen` fails with a message).
 */
export const desktopSkips = new RegExp(widthTags.phone);
export const phoneRuns = new RegExp(`${widthTags.phone}|${widthTags.both}`);

/** Why a test with no width tag fails, or undefined when it has one. */
export function missingWidth(tags: readonly string[]): string | undefined {
  const chosen = Object.values(widthTags).filter((tag) => tags.includes(tag));
  if (chosen.length === 1) return undefined;
  return chosen.length === 0
    ? `choose the width this test runs at: tag it (or a describe around it) ${Object.values(widthTags).join(', ')} (e2e/support/widths.ts)`
    : `this test names more than one width (${chosen.join(', ')}): keep one`;
}
