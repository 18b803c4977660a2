import { paths } from '../config/paths';

// What a message is written from, besides what the visitor types: a link to the Contact Us form
// that fills part of it in (the parameters of its address, which the form reads:
// contact-message.ts, prefillFromQuery), and the help articles read and the help centre's
// searches made on the visit, which the message names. One module: the help pages and the
// support page load it with their start-up.

/** The address's parameters a link may fill the form in with. */
export const contactParameters = {
  /** The subject, one line. */
  subject: 'subject',
  /** The help article the visitor writes about, by id: the message names it. */
  article: 'article',
  /** The device the app opens the form from (`android`, `ios`). */
  platform: 'platform',
  /** The app's version, as the app reports it. */
  version: 'version',
} as const;

/** The Contact Us form with its subject filled in, and the help article it is about, if any. */
export function contactLink(subject: string, article?: string): string {
  const query = new URLSearchParams({ [contactParameters.subject]: subject });
  if (article) query.set(contactParameters.article, article);
  return `${paths.support}?${query.toString()}`;
}

// The help articles a visitor has read on this visit, so that a message they write afterwards
// names them (the team sees what was tried, and the weekly report which articles were read
// before writing anyway). Kept in the page's memory only: gone when the tab closes or reloads,
// never stored on the device, sent only with a message the visitor sends, which names the
// latest few (@contracts/contact-message, `maxReadArticles`).

/** Each article read, once, the latest last. */
const read: string[] = [];

/** Notes an article as read, the latest last. */
export function noteArticleRead(id: string): void {
  const known = read.indexOf(id);
  if (known >= 0) read.splice(known, 1);
  read.push(id);
}

/**
 * The articles a message names: the one its link was about first (`?article=`), then those
 * read on this visit, the latest first (the message keeps each once, the first few).
 */
export function articlesToName(writtenAbout: string | undefined): string[] {
  return [...(writtenAbout ? [writtenAbout] : []), ...[...read].reverse()];
}

// The help centre's searches a visitor typed on this visit, as a search is kept
// (@contracts/search-text), so that a message they write afterwards names them (the team sees
// what was looked for, and the weekly report which searches came before a message anyway).
// Like the articles read: in the page's memory only, sent only with a message the visitor sends.

/** Each search made, once, the latest last. */
const searched: string[] = [];

/** Notes a search made (as kept), the latest last. */
export function noteSearchMade(text: string): void {
  const known = searched.indexOf(text);
  if (known >= 0) searched.splice(known, 1);
  searched.push(text);
}

/** The searches a message names: the latest first (the message keeps each once, the first few). */
export function searchesToName(): string[] {
  return [...searched].reverse();
}
