import { paths } from '../../config/paths';

// A link to the Contact Us form that fills part of it in: the parameters of its address, which
// the form reads (contact-message.ts, prefillFromQuery) and the site's pages write.

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
