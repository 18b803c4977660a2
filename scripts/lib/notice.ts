// The command line of `npm run notice` (scripts/notice.ts): its arguments, read and checked
// here so that a mistake is told before anything is read, and the notice as visitors will see
// it, printed before anything is written. Only types come from the functions' modules: the
// script loads the built store itself (functions/lib/site-notice/store.js).
import { parseArgs } from 'node:util';
import { siteNoticeLimits, type SiteNotice } from '../../functions/src/contracts/site-notice.ts';
import type { NoticeChange, NoticeInput } from '../../functions/src/site-notice/store.ts';
import { appParts, isAppPart } from '../../functions/src/contracts/app-parts.ts';
import { noticeStates, type NoticeState } from '../../functions/src/contracts/site-notice.ts';
import { helpArticleIds } from '../../web/src/config/help.ts';
import { partArticles } from '../../web/src/config/part-articles.ts';
import { languages, type Language } from '../../web/src/config/languages.ts';
import { localizedPath, paths } from '../../web/src/config/paths.ts';
import commonEn from '../../web/src/locales/en/common.json' with { type: 'json' };
import commonIt from '../../web/src/locales/it/common.json' with { type: 'json' };
import { ArgsError, parseTime } from './operator-command.ts';

const languageFlags = languages.map((language) => `--${language} "…"`).join(' ');

export const noticeUsage = [
  `npm run notice -- set --project <id> ${languageFlags} [--state <state>] [--part <part>] [--until <time>] [--help <article>] [--yes]`,
  `npm run notice -- update --project <id> --state <state> ${languageFlags} [--yes]`,
  `npm run notice -- resolve --project <id> ${languageFlags} [--yes]`,
  'npm run notice -- clear --project <id> [--yes]',
  'npm run notice -- show --project <id>',
  `  texts: one line of plain text in every language, at most ${String(siteNoticeLimits.maxLength)} characters each`,
  `  --until: 2026-11-28T18:00 (UTC without an offset) or a while from now (90m, 6h, 2d); at most ${String(siteNoticeLimits.maxDays)} days`,
  '  --help: a help article it is shown on too, by the last part of its address (app-not-working)',
  `  --state: ${noticeStates.filter((state) => state !== 'resolved').join(', ')} (resolve ends it)`,
  `  --part: the part of the app it concerns: ${appParts.join(', ')}`,
].join('\n');

export type NoticeCommand =
  | { action: 'set'; project: string; input: NoticeInput; yes: boolean }
  | { action: 'update' | 'resolve'; project: string; change: NoticeChange; yes: boolean }
  | { action: 'clear'; project: string; yes: boolean }
  | { action: 'show'; project: string };

const units: Record<string, number> = { m: 60_000, h: 60 * 60_000, d: 24 * 60 * 60_000 };

/** When the notice ends: an ISO time, or a while from now (`90m`, `6h`, `2d`). */
export function parseUntil(text: string, nowMs: number): number {
  const match = /^(\d{1,4})([mhd])$/.exec(text.trim());
  if (match) return nowMs + Number(match[1]) * (units[match[2] ?? 'm'] ?? 0);
  return parseTime('until', text);
}

type Values = Record<string, string | boolean | undefined>;

/** The command line as read by its options; an unknown option or one without its value throws. */
function readArgs(argv: readonly string[]): { positionals: string[]; values: Values } {
  try {
    const parsed = parseArgs({
      args: [...argv],
      options: {
        project: { type: 'string' },
        until: { type: 'string' },
        help: { type: 'string' },
        state: { type: 'string' },
        part: { type: 'string' },
        yes: { type: 'boolean', default: false },
        ...Object.fromEntries(languages.map((language) => [language, { type: 'string' as const }])),
      },
      strict: true,
      allowPositionals: true,
    });
    return { positionals: parsed.positionals, values: parsed.values };
  } catch (error) {
    throw new ArgsError(error instanceof Error ? error.message : String(error));
  }
}

const actions: readonly NoticeCommand['action'][] = ['set', 'update', 'resolve', 'clear', 'show'];

/** The one action the command line names. */
function actionOf(positionals: string[]): NoticeCommand['action'] {
  const [action, ...rest] = positionals;
  if (!actions.includes(action as NoticeCommand['action'])) {
    throw new ArgsError(`say what to do: ${actions.join(', ')}${action === undefined ? '' : ` (not ${action})`}`);
  }
  if (rest.length > 0) throw new ArgsError(`one action at a time (${positionals.join(' ')})`);
  return action as NoticeCommand['action'];
}

/** The flags `action` takes besides --project, the texts and --yes. */
const flagsOf: Record<NoticeCommand['action'], readonly string[]> = {
  set: ['until', 'help', 'state', 'part'],
  update: ['state'],
  resolve: [],
  clear: [],
  show: [],
};

/** A state the operator named: one of the notice's states; `resolved` only through resolve. */
function stateOf(value: unknown, action: 'set' | 'update'): Exclude<NoticeState, 'resolved'> | undefined {
  if (value === undefined) {
    if (action === 'update') throw new ArgsError('say where it stands: --state <state>');
    return undefined;
  }
  const open = noticeStates.filter((state) => state !== 'resolved');
  if (value === 'resolved') throw new ArgsError('to end it, resolve it: npm run notice -- resolve …');
  if (!(open as readonly unknown[]).includes(value)) throw new ArgsError(`--state is one of ${open.join(', ')}`);
  return value as Exclude<NoticeState, 'resolved'>;
}

/** The command's arguments, checked; throws an ArgsError saying what is wrong. */
export function parseNoticeArgs(argv: readonly string[], nowMs: number): NoticeCommand {
  const { positionals, values } = readArgs(argv);
  const action = actionOf(positionals);
  const project = values.project;
  if (typeof project !== 'string' || project === '') throw new ArgsError('give the project: --project <id>');
  const yes = values.yes === true;
  const texts = languages.flatMap((language) => {
    const text = values[language];
    return typeof text === 'string' ? [[language, text] as const] : [];
  });
  const extra = [
    ...(action === 'clear' || action === 'show' ? texts.map(([language]) => language) : []),
    ...['until', 'help', 'state', 'part'].filter(
      (flag) => values[flag] !== undefined && !flagsOf[action].includes(flag),
    ),
  ];
  if (extra.length > 0) throw new ArgsError(`${action} takes no --${extra.join(', --')}`);
  const text = Object.fromEntries(texts);
  if (action === 'clear') return { action, project, yes };
  if (action === 'show') return { action, project };
  if (action === 'resolve') return { action, project, yes, change: { text, state: 'resolved' } };
  const state = stateOf(values.state, action);
  if (action === 'update') return { action, project, yes, change: { text, state: state ?? 'investigating' } };
  return { action, project, yes, input: setInput(text, values, state, nowMs) };
}

/** What `set` sets, from its flags. */
function setInput(
  text: Record<string, string>,
  { until, help, part }: Values,
  state: Exclude<NoticeState, 'resolved'> | undefined,
  nowMs: number,
): NoticeInput {
  if (part !== undefined && !isAppPart(part)) throw new ArgsError(`--part is one of ${appParts.join(', ')}`);
  const named = typeof help === 'string' ? help : null;
  return {
    text,
    untilMs: typeof until === 'string' ? parseUntil(until, nowMs) : null,
    help: named,
    part: part ?? null,
    // Shown on the article it names and on those about its part.
    articles: [...new Set([...(named === null ? [] : [named]), ...(part === undefined ? [] : partArticles[part])])],
    ...(state ? { state } : {}),
  };
}

/** What the command checks a notice against: the site's languages and help articles. */
export const noticeRules = { languages, articles: helpArticleIds };

/** The heading the pages show above a notice, per language (the site's own words). */
const headings: Record<Language, string> = { en: commonEn.knownProblem.heading, it: commonIt.knownProblem.heading };

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Where a notice is shown, in one language, as addresses. */
function placesOf(articles: readonly string[], language: Language): string[] {
  const places = [localizedPath(paths.support, language), localizedPath(paths.help, language)];
  for (const article of articles) places.push(`${localizedPath(paths.help, language)}/${article}`);
  return places;
}

/** A notice as visitors will see it, in every language, with where and for how long. */
export function describeNotice(
  notice: Pick<SiteNotice, 'text' | 'since' | 'until' | 'help'> &
    Partial<Pick<SiteNotice, 'state' | 'updates' | 'articles'>>,
): string {
  const lines = [
    `Shown from ${utc(notice.since)} ${notice.until === null ? 'until cleared' : `until ${utc(notice.until)}`}, ` +
      'within a minute, above the form and on the help pages:',
  ];
  for (const language of languages) {
    const articles = notice.articles ?? (notice.help === null ? [] : [notice.help]);
    lines.push(`  ${language}  ${placesOf(articles, language).join(', ')}`);
    lines.push(`      ${headings[language]}`);
    lines.push(`      ${notice.text[language] ?? '(missing)'}`);
  }
  if (notice.state) lines.push(`State: ${notice.state}`);
  for (const update of notice.updates ?? [])
    lines.push(`  ${utc(update.at)}  ${update.state}: ${update.text[languages[0]] ?? '(missing)'}`);
  return lines.join('\n');
}
