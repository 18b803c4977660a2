// What the known problems' feeds and the app's status take from the site (its origin and
// product name, the history page's address and words in each language), which the functions'
// build writes for them (scripts/write-site-facts.ts) and the tests read the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { feedFile } from '../../functions/src/contracts/known-problems.ts';
import { siteNoticeLimits } from '../../functions/src/contracts/site-notice.ts';
import type { FeedWords, NoticeSiteFacts } from '../../functions/src/site-notice/site-facts.ts';
import { languages } from '../../web/src/config/languages.ts';
import { localizedPath, paths } from '../../web/src/config/paths.ts';
import { site } from '../../web/src/config/site.ts';

type KnownProblemsPageTexts = { feed: { title: string; subtitle: string } } & Pick<FeedWords, 'parts' | 'states'>;

const locales = join(import.meta.dirname, '..', '..', 'web', 'src', 'locales');

/** A text with its `{{product}}` and `{{days}}` filled in. */
const filled = (text: string) =>
  text.replaceAll('{{product}}', site.productName).replaceAll('{{days}}', String(siteNoticeLimits.keepDays));

/** The words of the feed in a language, from its texts (locales/<language>/known-problems-page.json). */
function feedWords(language: string): FeedWords {
  const { feed, parts, states } = JSON.parse(
    readFileSync(join(locales, language, 'known-problems-page.json'), 'utf8'),
  ) as KnownProblemsPageTexts;
  return { title: filled(feed.title), subtitle: filled(feed.subtitle), states, parts };
}

/** The site's facts the known problems' reads need, from its config (the default language first). */
export function noticeSiteFacts(): NoticeSiteFacts {
  return {
    origin: site.origin,
    author: site.productName,
    languages: Object.fromEntries(
      languages.map((language) => {
        const page = localizedPath(paths.knownProblems, language);
        return [language, { page, feed: `${page}/${feedFile}`, words: feedWords(language) }];
      }),
    ),
  };
}
