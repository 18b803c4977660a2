import { collections } from '@contracts/collections';
import { helpSignalDocument, type HelpSignalSaid } from '@contracts/help-signal';
import { searchKeptAs } from '@contracts/search-text';
import { noteSearchMade } from '../../../visit/contact-link';
import { createDocument, documentId } from '../../../firebase/rest-create';

// The help centre's write, in a script part of its own: loaded at a page's first signal (an
// article's answer, a search), never with the page. One request to Firestore's REST API
// (firebase/rest-create.ts), under the same rules as any client's write. No App Check: reCAPTCHA's
// cookies have no place on a page that asks for no consent (docs/operating.md, "App Check").

/** Writes what a page learnt to `HelpSignals`, with the server's time and its expiry. */
export async function addHelpSignal(said: HelpSignalSaid, language: string): Promise<void> {
  await createDocument({
    collection: collections.helpSignals,
    id: documentId(),
    fields: helpSignalDocument(said, language, Date.now()),
    serverTime: 'createdAt',
    // Sent even as the page goes (a search left when the tab is closed).
    keepalive: true,
  });
}

/**
 * A search that stayed on screen, as it may be kept (nothing when no word of it may be), noted
 * on the visit so that a message written afterwards names it, found or not
 * (visit/contact-link.ts).
 */
export function settledSearch(query: string): string | undefined {
  const text = searchKeptAs(query);
  if (text) noteSearchMade(text);
  return text;
}
