import { readFile } from 'node:fs/promises';
import type { ReportLinks } from './render-report.js';
import type { SiteScope } from './summary.js';

// What the help report takes from the site's config (web/src/config: site.ts's origin, the help
// page's address in each language, help.ts's topics), which the functions cannot import: the
// functions' build writes it to lib/help-report/site-facts.json (scripts/write-site-facts.ts,
// from scripts/lib/help-report.ts, which `npm run help:report` reads the same way).

export type HelpSiteFacts = {
  /** The live site, without a trailing slash. */
  origin: string;
  /** The help page's path in each language (`/help`, `/it/help`); the first is the default. */
  helpPaths: Record<string, string>;
  /** Each article's help topic. */
  topics: Record<string, string>;
};

/** The file the functions' build writes beside this module. */
export const siteFactsFile = 'site-facts.json';

/** The facts the build wrote (the deployed functions, the emulators). */
export async function readSiteFacts(): Promise<HelpSiteFacts> {
  return JSON.parse(await readFile(new URL(siteFactsFile, import.meta.url), 'utf8')) as HelpSiteFacts;
}

/** Where the report's lines lead: an article's page (the default language's), a search in its language's pages. */
export function reportLinks({ origin, helpPaths }: HelpSiteFacts): ReportLinks {
  const [defaultPath = '/help'] = Object.values(helpPaths);
  return {
    article: (id) => `${origin}${defaultPath}/${encodeURIComponent(id)}`,
    search: (text, language) =>
      `${origin}${helpPaths[language] ?? defaultPath}?${new URLSearchParams({ q: text }).toString()}`,
  };
}

/** An article's help topic, if the help centre has the article. */
export const topicIn =
  ({ topics }: HelpSiteFacts) =>
  (article: string): string | undefined =>
    Object.hasOwn(topics, article) ? topics[article] : undefined;

/** What the site has, for the report to count only that: its languages and its articles. */
export const scopeOf = (facts: HelpSiteFacts): SiteScope => ({
  languages: Object.keys(facts.helpPaths),
  hasArticle: (id) => topicIn(facts)(id) !== undefined,
});
