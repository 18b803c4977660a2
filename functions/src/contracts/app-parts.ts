// The parts of the app a known-problem notice can name (site-notice.ts): the status the app's
// JSON gives per part, the operator's `--part`, and the help articles of that part that show
// the notice. One list, shared by the functions, the command and the site.

export const appParts = ['catches', 'maps', 'forecast', 'sign-in', 'purchases', 'community'] as const;
export type AppPart = (typeof appParts)[number];

export function isAppPart(value: unknown): value is AppPart {
  return typeof value === 'string' && (appParts as readonly string[]).includes(value);
}
