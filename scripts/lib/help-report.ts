// The command line of `npm run help:report` (scripts/help-report.ts): its arguments, and what the
// report takes from the site's config: the live site's addresses of an article and of a search,
// and each article's help topic.
import { parseArgs } from 'node:util';
import type { ReportLinks } from '../../functions/src/help-report/render-report.ts';
import { helpTopicArticles } from '../../web/src/config/help.ts';
import { languages, type Language } from '../../web/src/config/languages.ts';
import { localizedPath, paths } from '../../web/src/config/paths.ts';
import { site } from '../../web/src/config/site.ts';
import { ArgsError } from './operator-command.ts';

export const helpReportUsage = [
  'npm run help:report -- --project <id> [--since 7d] [--html]',
  '  --since: how far back from now, in days or hours (7d, 36h); 7d when not given, at most 35d (signals are kept 35 days)',
  '  --html: print the email’s HTML instead of its text',
].join('\n');

export type HelpReportCommand = { project: string; sinceMs: number; html: boolean };

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/** The arguments, checked: a mistake is told before anything is read. */
export function parseHelpReportArgs(argv: readonly string[], keepDays: number): HelpReportCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { project: { type: 'string' }, since: { type: 'string' }, html: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    throw new ArgsError(error instanceof Error ? error.message : String(error));
  }
  const project = values.project;
  if (typeof project !== 'string' || project === '') throw new ArgsError('give the project: --project <id>');
  const since = /^(\d+)([dh])$/.exec(values.since ?? '7d');
  if (!since) throw new ArgsError(`--since takes a number of days or hours (7d, 36h), not ${values.since ?? ''}`);
  const sinceMs = Number(since[1]) * (since[2] === 'd' ? dayMs : hourMs);
  if (sinceMs <= 0 || sinceMs > keepDays * dayMs)
    throw new ArgsError(`--since must be between 1h and ${String(keepDays)}d: older signals are deleted`);
  return { project, sinceMs, html: values.html === true };
}

const isLanguage = (value: string): value is Language => (languages as readonly string[]).includes(value);

/** The live site's addresses (config/site.ts): an article in English, a search in its language's pages. */
export const siteLinks: ReportLinks = {
  article: (id) => `${site.origin}${paths.help}/${encodeURIComponent(id)}`,
  search: (text, language) =>
    `${site.origin}${localizedPath(paths.help, isLanguage(language) ? language : 'en')}?${new URLSearchParams({ q: text }).toString()}`,
};

const topics = new Map<string, string>(
  Object.entries(helpTopicArticles).flatMap(([topic, ids]) => ids.map((id) => [id, topic] as const)),
);

/** An article's help topic (config/help.ts), if the help centre has the article. */
export const topicOf = (article: string) => topics.get(article);
