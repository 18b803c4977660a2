// A rules check's report (scripts/lib/rules-checks.ts) in words: what the rules got wrong,
// which checks failed and the `allow` statement that let each through. `npm run deploy` says
// it as its refusal of the live rules, `npm run rules:check` as its answer for a file.
import type { CheckFailure, CheckTopic, RulesReport } from './rules-checks.ts';
import { describeStatement } from './rules-text.ts';

/** What failing checks of each topic mean for the site, first the worst. */
const consequences: Array<[CheckTopic, string]> = [
  [
    'everyone',
    'let anyone, signed in or not, read or write documents of any collection (open, or "test mode" until a date): anyone could reach the app\'s data and the contact messages',
  ],
  [
    'message',
    "refuse the site's contact message: the contact form could not write (an older site's rules, or the site's part missing)",
  ],
  ['mail', 'let a client read, change or delete contact messages (or set their delivery, which skips the caps)'],
  ['functions', "let a client read or write the functions' own data (threads, references, counters, alerts, records)"],
  ['hostile', "let a client write a contact message the site's rules refuse (recipients, markup, delivery, sizes)"],
  [
    'hostile-signal',
    "let a client read or change the help centre's signals, or write one the site's rules refuse (an address, free text, a number, no expiry)",
  ],
  ['signal', "refuse the help centre's signals: the team's weekly report would miss the searches and answers"],
];

/** What a failing check that something is refused says in the plain case (not repeated). */
const letThrough = 'the rules let it through';

/** At most this many checks are named under each statement, the rest counted. */
const namedPerGroup = 3;

/**
 * Why `subject` (e.g. "The live Firestore rules") fails the site's checks, as one paragraph
 * and one line per group of failures; undefined when every check passed.
 */
export function describeRulesFailures(report: RulesReport, subject: string): string | undefined {
  if (report.compileError !== undefined) {
    return `${subject} do not compile in the Firestore emulator: ${report.compileError}`;
  }
  if (report.failures.length === 0) return undefined;
  const topics = new Set(report.failures.map(({ topic }) => topic));
  const meaning = consequences.filter(([topic]) => topics.has(topic)).map(([, text]) => text);
  const rank = (failure: CheckFailure) => consequences.findIndex(([topic]) => topic === failure.topic);
  const groups = new Map<string, CheckFailure[]>();
  for (const failure of report.failures.toSorted((a, b) => rank(a) - rank(b))) {
    const key = failure.allowedBy
      ? `${describeStatement(failure.allowedBy)} lets through`
      : failure.expect === 'allowed'
        ? 'the rules refuse'
        : failure.traced
          ? 'more than one statement lets through (removing any one alone did not stop it)'
          : `also let through (not traced to a statement: tracing stops after ${String(report.traceBudget)} runs of a check)`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  const lines = [...groups].map(([key, failures]) => {
    const named = failures
      .slice(0, namedPerGroup)
      .map(
        ({ check, expect, detail }) =>
          `    ✖ ${check}${expect === 'allowed' || detail !== letThrough ? `: ${detail}` : ''}`,
      );
    const rest = failures.length - named.length;
    return [`  ${key}:`, ...named, ...(rest > 0 ? [`    … and ${String(rest)} more`] : [])].join('\n');
  });
  return [
    `${subject} ${meaning.join('; they ')}. ${String(report.failures.length)} of ${String(report.checks)} checks failed:`,
    ...lines,
  ].join('\n');
}
