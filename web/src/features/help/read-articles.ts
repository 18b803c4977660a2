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
