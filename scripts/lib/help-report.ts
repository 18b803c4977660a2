// The command line of `npm run help:report` (scripts/help-report.ts): its arguments, and what the
// report takes from the site's config (the live site's origin, the help page's address in each
// language, each article's topic), which the functions' build also writes for the weekly email
// (scripts/write-site-facts.ts).
import { parseArgs } from 'node:util';
import type { HelpSiteFacts } from '../../functions/src/help-report/site-facts.ts';
import { helpTopicArticles } from '../../web/src/config/help.ts';
import { languages } from '../../web/src/config/languages.ts';
import { localizedPath, paths } from '../../web/src/config/paths.ts';
import { site } from '../../web/src/config/site.ts';
import { ArgsError } from './operator-command.ts';

export const helpReportUsage = [
  'npm run help:report -- --project <id> [--since 7d] [--html]',
  '  --since: how far back from now, in days or hours (7d, 36h); 7d when not given, at most 35d (signals are kept 35 days)',
  '  --html: print the email’s HTML instead of its text',
].join('\n');

export type HelpReportCommand = { project: string; sinceMs: number; html: boolean };

/** The units `--since` takes, in milliseconds. */
const sinceUnits = { d: 86_400_000, h: 3_600_000 } as const;

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
  const sinceMs = Number(since[1]) * sinceUnits[since[2] === 'd' ? 'd' : 'h'];
  if (sinceMs <= 0 || sinceMs > keepDays * sinceUnits.d)
    throw new ArgsError(`--since must be between 1h and ${String(keepDays)}d: older signals are deleted`);
  return { project, sinceMs, html: values.html === true };
}

/** The site's facts the report needs, from its config (the default language's help page first). */
export function helpSiteFacts(): HelpSiteFacts {
  return {
    origin: site.origin,
    helpPaths: Object.fromEntries(languages.map((language) => [language, localizedPath(paths.help, language)])),
    topics: Object.fromEntries(
      Object.entries(helpTopicArticles).flatMap(([topic, ids]) => ids.map((id) => [id, topic] as const)),
    ),
  };
}
