// Which pages the browser suites open. A check that needs a real browser looks at what a
// page's template draws (axe, reflow, keyboard, the policy as the browser enforces it), and
// the help articles are one template with different text: so those suites open one page of
// each template, and a few of the pages that share one, turning with the day so that every
// article is opened within a few weeks. What each address says on its own (its heading, head,
// footer, links, valid HTML, its headers) is checked without a browser for every address
// (tests/emulators/seo.test.ts and headers.test.ts, npm run check:html), in seconds.
//
// E2E_SAMPLE=all opens every address; E2E_SAMPLE=help/cancel-pro,help/log-a-catch those.
// No Playwright here: the Firefox and WebKit suite imports it too.
import { moduleOf, type RouteName } from '../../web/src/config/paths.ts';
import { everyPath } from '../../web/src/config/site-pages.ts';

export { pageTemplateCount } from '../../web/src/config/site-pages.ts';

/**
 * Days since 1970 in UTC: what the day's sample turns with. One day for a whole run: the first
 * process to ask pins it in E2E_DAY, which the processes it starts inherit (the test runner
 * lists the tests in one process and runs them in others, and a run that crosses midnight must
 * find the same tests in both: a CI run once listed the day before's articles and ran today's).
 */
export function today(now = Date.now()): number {
  const pinned = process.env.E2E_DAY;
  if (pinned && /^\d+$/.test(pinned)) return Number(pinned);
  const day = Math.floor(now / 86_400_000);
  process.env.E2E_DAY = String(day);
  return day;
}

/**
 * Of several things a browser check would do the same way (the help articles that link to one
 * page, say): the day's one, or every one with E2E_SAMPLE=all.
 */
export function daysOne<T>(items: readonly T[], sample = process.env.E2E_SAMPLE, dayNumber = today()): T[] {
  if (sample === 'all' || items.length === 0) return [...items];
  return [items[dayNumber % items.length] as T];
}

/** Pages that share their template with another, opened each day besides the first of it. */
export const sampledPerTemplate = 2;

const allRoutes = Object.keys(everyPath) as RouteName[];

/** The pages of each template, in the route table's order. */
function byTemplate(): Map<string, RouteName[]> {
  const templates = new Map<string, RouteName[]>();
  for (const name of allRoutes) templates.set(moduleOf(name), [...(templates.get(moduleOf(name)) ?? []), name]);
  return templates;
}

/**
 * The pages the browser suites open: the first page of every template, and `sampledPerTemplate`
 * more of each shared template, chosen by the day (`dayNumber`, days since 1970 in UTC).
 */
export function browserRouteNames(sample = process.env.E2E_SAMPLE, dayNumber = today()): RouteName[] {
  if (sample === 'all') return allRoutes;
  const named = (sample ?? '').split(',').filter((name): name is RouteName => (allRoutes as string[]).includes(name));
  const chosen = new Set<RouteName>(named);
  for (const [first, ...others] of byTemplate().values()) {
    if (first) chosen.add(first);
    if (named.length > 0 || others.length === 0) continue;
    const count = Math.min(sampledPerTemplate, others.length);
    for (let n = 0; n < count; n++) {
      const other = others[(dayNumber * count + n) % others.length];
      if (other) chosen.add(other);
    }
  }
  return allRoutes.filter((name) => chosen.has(name));
}
