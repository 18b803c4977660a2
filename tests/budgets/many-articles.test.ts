// What the help centre's growth costs the site: the site as it is (web/dist, built by npm
// test's `build` step) beside a copy of it with 200 help articles, the real ones and generated
// ones (scripts/lib/many-articles.ts), built the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWithArticles } from '../../scripts/lib/many-articles.ts';
import { helpArticleIds } from '../../web/src/config/help.ts';
import { paths } from '../../web/src/config/paths.ts';
import { dist, measure, startUpScripts, type Report, type Route, type StartUpRow } from './bundle.ts';

const articles = 200;
const added = articles - helpArticleIds.length;

/**
 * What a page may grow by for each article added, in bytes: gzip -9 for its first visit, and
 * uncompressed for the JavaScript it runs before it is ready. The help page lists every
 * article's title in both languages (49.6 and 181 bytes measured per article); an article's
 * page also names every article's part, to load the one it shows (63.9 and 264).
 */
const perArticle = {
  help: { gzip: 55, startUp: 200 },
  article: { gzip: 70, startUp: 290 },
};

/** The help centre's pages; every other page must weigh the same whatever the number of articles. */
const isHelpRoute = (route: string) => route === paths.help || route.startsWith(`${paths.help}/`);

/**
 * A script part's text with what names the articles' number set aside: the parts it imports
 * (a part that imports a help page's part names it by its content's hash, which changes with
 * the articles while the code does not), and the number of addresses the accessibility
 * statement says its checks cover (build/accessibility-checks.ts: every page, the articles
 * included).
 */
function withoutCounts(directory: string, file: string): string {
  return readFileSync(join(directory, file), 'utf8')
    .replace(/-[\w-]{8}\.js\b/g, '.js')
    .replace(/\baddresses:\d+/g, 'addresses:N');
}

let few: Report;
let many: Report;
let fewStartUp: StartUpRow[];
let manyStartUp: StartUpRow[];
let manyDist: string;

beforeAll(async () => {
  manyDist = await buildWithArticles(articles);
  [few, many] = [measure(dist), measure(manyDist)];
  [fewStartUp, manyStartUp] = [startUpScripts(dist), startUpScripts(manyDist)];
}, 180_000);

const row = (report: Report, route: Route) => {
  const found = report.routes.find((candidate) => candidate.route === route);
  if (!found) throw new Error(`No route ${route} in the report.`);
  return found;
};

describe(`the site with ${String(articles)} help articles`, () => {
  it('sends the same first visit to every page outside the help centre', () => {
    const outside = few.routes.filter(({ route }) => !isHelpRoute(route));
    expect(outside.length).toBeGreaterThan(10);
    const code = (report: Report, directory: string, route: Route) =>
      [...report.firstVisit.chunks, ...row(report, route).chunks].map((file) => withoutCounts(directory, file)).sort();
    for (const { route, total } of outside) {
      expect(row(many, route).total.raw, route).toBe(total.raw);
      expect(code(many, manyDist, route), route).toEqual(code(few, dist, route));
    }
  });

  it('runs the same JavaScript before every page outside the help centre is ready, in both languages', () => {
    const outside = fewStartUp.filter(({ route }) => !isHelpRoute(route));
    for (const { route, language, files, bytes } of outside) {
      const grown = manyStartUp.find((other) => other.route === route && other.language === language);
      expect(grown?.bytes, `${language} ${route}`).toBe(bytes);
      expect(grown?.files.map((file) => withoutCounts(manyDist, file)).sort(), `${language} ${route}`).toEqual(
        files.map((file) => withoutCounts(dist, file)).sort(),
      );
    }
  });

  it.each([
    ['the help page', paths.help, perArticle.help],
    ['an article’s page', `${paths.help}/cancel-pro` as const, perArticle.article],
  ] as const)('grows %s by no more than its stated bytes per article', (_, route, limit) => {
    const gzip = (row(many, route).total.gzip - row(few, route).total.gzip) / added;
    const startUp = (language: string, rows: StartUpRow[]) =>
      rows.find((candidate) => candidate.route === route && candidate.language === language)?.bytes ?? Number.NaN;
    const evaluated = Math.max(
      ...['en', 'it'].map((language) => (startUp(language, manyStartUp) - startUp(language, fewStartUp)) / added),
    );
    console.log(
      `${route}: +${gzip.toFixed(1)} bytes gzip, +${evaluated.toFixed(1)} bytes of start-up JavaScript per article`,
    );
    expect(gzip).toBeLessThanOrEqual(limit.gzip);
    expect(evaluated).toBeLessThanOrEqual(limit.startUp);
  });
});
