import { escapeHtml } from '../contracts/html-text.js';
import type { HelpReason, SearchOutcome } from '../contracts/help-signal.js';
import { searchShownFrom } from '../contracts/search-kept.js';
import { languageLabel } from '../email/outgoing-email.js';
import type { MessagesSummary } from './messages.js';
import {
  perSubjectPerDay,
  reportLines,
  samplePerMinute,
  type ArticleLine,
  type SearchLine,
  type WeekSummary,
} from './summary.js';

// The team's weekly report of where the help centre fails, in English, as plain text and as
// HTML alike: each section a heading and its lines, each line linking the article or the search
// on the live site. Pure: the week's figures (summary.ts, messages.ts) and the site's addresses
// are passed in.

/** Where the report's lines lead on the live site. */
export type ReportLinks = {
  /** An article's page. */
  article: (id: string) => string;
  /** The help centre's search for `text` in `language`'s pages. */
  search: (text: string, language: string) => string;
};

/** A week's figures: the help signals' and the messages'. */
export type HelpReport = { fromMs: number; toMs: number; signals: WeekSummary; messages: MessagesSummary };

export type RenderedReport = { subject: string; text: string; html: string };

/**
 * The most the email holds, whatever was written: every list is cut to `reportLines` lines of
 * texts the rules bound, in the site's languages only (render-report.test.ts fills every field
 * to its limit: 88,280 and 94,596 bytes). Far under what a mail server takes (a script's
 * 676 languages once made 2.1 MB of text and 2.5 MB of HTML).
 */
export const reportMaxBytes = { text: 96 * 1024, html: 112 * 1024 } as const;

/** One line of a section: linked where it names a page; a label heads the lines below it (a language). */
type Line = { text: string; href?: string; label?: true };
type Section = { heading: string; lines: Line[] };

const reasonNames: Record<HelpReason, string> = {
  'not-my-problem': 'not my problem',
  unclear: 'unclear',
  'did-not-work': 'did not work when tried',
};
// The team's time: the week runs Monday to Monday in Rome (week.ts).
const timeZone = 'Europe/Rome';
const day = (ms: number) =>
  new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
const hour = (ms: number) =>
  `${day(ms)}, ${new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })} Rome time`;
const count = (n: number) => n.toLocaleString('en-GB');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const past = (uncounted: number) =>
  uncounted > 0 ? ` (+${count(uncounted)} past the bound of ${String(perSubjectPerDay)} a day, not counted)` : '';

/** A count beside the week before's: `(new)`, `(last week 3)`, or nothing when it was not read. */
const beside = (before: number | undefined, unit = '') =>
  before === undefined ? '' : before === 0 ? '  (new)' : `  (last week ${count(before)}${unit})`;

function searchLine(line: SearchLine, language: string, links: ReportLinks): Line {
  return {
    text: `${count(line.count)}×  ${line.text}${beside(line.before)}${past(line.uncounted)}`,
    href: links.search(line.text, language),
  };
}

const searchHeadings: Record<SearchOutcome, string> = {
  nothing: 'Searches that found nothing',
  unopened: 'Searches that found articles, none opened',
};

const searches =
  (outcome: SearchOutcome) =>
  ({ signals }: HelpReport, links: ReportLinks): Section => {
    const lines: Line[] = [];
    for (const [language, found] of Object.entries(signals.searches[outcome]).sort(([a], [b]) => a.localeCompare(b))) {
      if (found.lines.length === 0) continue;
      lines.push({ text: languageLabel(language), label: true });
      lines.push(...found.lines.map((line) => searchLine(line, language, links)));
      if (found.more > 0) lines.push({ text: `…and ${plural(found.more, 'more search', 'more searches')}` });
    }
    return { heading: searchHeadings[outcome], lines };
  };

function articleLine(line: ArticleLine, links: ReportLinks): Line {
  const reasons = Object.entries(line.reasons)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${count(n)} ${reasonNames[reason as HelpReason]}`)
    .join(', ');
  return {
    text: `${count(line.no)} No, ${count(line.yes)} Yes  ${line.article}${reasons ? `  (${reasons})` : ''}${beside(line.noBefore, ' No')}${past(line.uncounted)}`,
    href: links.article(line.article),
  };
}

function articles({ signals }: HelpReport, links: ReportLinks): Section {
  const lines = signals.articles.lines.map((line) => articleLine(line, links));
  if (signals.articles.more > 0) lines.push({ text: `…and ${plural(signals.articles.more, 'more article')}` });
  return { heading: 'Articles answered No', lines };
}

function readFirst({ messages }: HelpReport, links: ReportLinks): Section {
  const lines: Line[] = messages.readFirst.map(({ article, messages: n }) => ({
    text: `${plural(n, 'message')}  ${article}`,
    href: links.article(article),
  }));
  if (messages.moreReadFirst > 0) lines.push({ text: `…and ${plural(messages.moreReadFirst, 'more article')}` });
  return { heading: 'Read before writing anyway', lines };
}

function searchedBeforeWriting({ messages }: HelpReport, links: ReportLinks): Section {
  const lines: Line[] = messages.searchedFirst.map(({ text, language, messages: n }) => ({
    text: `${plural(n, 'message')}  ${text}  (${languageLabel(language)})`,
    href: links.search(text, language),
  }));
  if (messages.moreSearchedFirst > 0)
    lines.push({ text: `…and ${plural(messages.moreSearchedFirst, 'more search', 'more searches')}` });
  return { heading: 'Searched before writing anyway', lines };
}

function topics({ messages }: HelpReport): Section {
  const lines: Line[] = messages.byTopic.map(({ topic, messages: n }) => ({
    text: `${plural(n, 'message')}  ${topic}`,
  }));
  if (messages.noArticle > 0) lines.push({ text: `${plural(messages.noArticle, 'message')}  named no article` });
  const unread = messages.total - messages.read;
  lines.push({
    text: `${plural(messages.total, 'message')} this week${unread > 0 ? `; the articles of ${count(unread)} were not read` : ''}`,
  });
  return { heading: 'Messages per topic, by the article written from', lines };
}

function notCounted({ signals, messages }: HelpReport): Section {
  const lines: Line[] = signals.floods.slice(0, reportLines).map((flood) => ({
    text: `${hour(flood.hourMs)}: ${plural(flood.signals, 'signal')} in the hour, a flood; ${count(flood.read)} read (at most ${String(samplePerMinute)} a minute), the rest not counted`,
  }));
  const moreFloods = signals.floods.length - reportLines;
  if (moreFloods > 0) lines.push({ text: `…and ${plural(moreFloods, 'more hour')} of a flood` });
  if (signals.uncounted > 0)
    lines.push({
      text: `${plural(signals.uncounted, 'signal')} past a subject's bound of ${String(perSubjectPerDay)} a day`,
    });
  if (signals.unshown.texts > 0)
    lines.push({
      text: `${plural(signals.unshown.texts, 'search', 'searches')} (${plural(signals.unshown.signals, 'signal')}) made in fewer than ${String(searchShownFrom.hours)} hours or ${String(searchShownFrom.days)} days, not shown`,
    });
  if (signals.unknown > 0)
    lines.push({ text: `${plural(signals.unknown, 'signal')} naming a language or an article the site does not have` });
  if (messages.searchedUnshown > 0)
    lines.push({
      text: `${plural(messages.searchedUnshown, 'search', 'searches')} named by messages in fewer than ${String(searchShownFrom.hours)} hours or ${String(searchShownFrom.days)} days, not shown`,
    });
  if (messages.namedUnknown > 0)
    lines.push({ text: `${plural(messages.namedUnknown, 'message')} naming an article the site does not have` });
  return { heading: 'Not counted', lines };
}

const textOf = (section: Section) =>
  [
    section.heading.toUpperCase(),
    ...(section.lines.length > 0 ? section.lines : [{ text: 'none' }]).map(
      (line) => `  ${line.text}${line.href ? `\n      ${line.href}` : ''}`,
    ),
  ].join('\n');

const htmlOf = (section: Section) =>
  `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(section.heading)}</h2>\n<ul style="margin:0;padding-left:20px">\n${(section
    .lines.length > 0
    ? section.lines
    : [{ text: 'none' }]
  )
    .map((line: Line) =>
      line.href
        ? `<li><a href="${escapeHtml(line.href)}" style="color:#0b57d0">${escapeHtml(line.text)}</a></li>`
        : line.label
          ? `<li style="list-style:none;margin:8px 0 0 -20px;font-weight:bold">${escapeHtml(line.text)}</li>`
          : `<li>${escapeHtml(line.text)}</li>`,
    )
    .join('\n')}\n</ul>`;

/** The report's email: its subject, and each section in text and HTML. */
export function renderHelpReport(
  report: HelpReport,
  links: ReportLinks,
  first: readonly string[] = [],
): RenderedReport {
  const { signals } = report;
  const searched = Object.values(signals.searches.nothing).reduce(
    (sum, list) => sum + list.lines.length + list.more,
    0,
  );
  const noArticles = signals.articles.lines.length + signals.articles.more;
  const week = `${day(report.fromMs)} – ${day(report.toMs - 1)}`;
  const subject = `Help centre, ${week}: ${plural(searched, 'search', 'searches')} found nothing, ${plural(noArticles, 'article')} answered No`;
  const sections = [
    searches('nothing'),
    searches('unopened'),
    articles,
    readFirst,
    searchedBeforeWriting,
    topics,
    notCounted,
  ].map((section) => section(report, links));
  const title = `Where the help centre fell short, ${week} (Rome time)`;
  return {
    subject,
    text: [...first, title, ...sections.map(textOf)].join('\n\n'),
    html: `<!DOCTYPE html>\n<html lang="en">\n<body style="font-family:sans-serif;font-size:14px;line-height:1.5;color:#1f2933">\n${first.map((line) => `<p><strong>${escapeHtml(line)}</strong></p>\n`).join('')}<h1 style="font-size:18px">${escapeHtml(title)}</h1>\n${sections.map(htmlOf).join('\n')}\n</body>\n</html>`,
  };
}
