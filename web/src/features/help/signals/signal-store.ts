import { collections } from '@contracts/collections';
import { helpSignalDocument, type HelpSignalSaid } from '@contracts/help-signal';
import { searchKeptAs } from '@contracts/search-text';
import { noteSearchMade } from '../../../visit/contact-link';
import { firebaseConfig, firestoreEmulatorHost } from '../../../firebase/config';

// The help centre's write, in a script part of its own: loaded at a page's first signal (an
// article's answer, a search), never with the page. One request to Firestore's REST API, under
// the same rules as any client's write, without the Firebase SDK, whose parts would cost a
// help page's reader far more bytes than this one request. No App Check either: reCAPTCHA's
// cookies have no place on a page that asks for no consent (docs/operating.md, "App Check").

const idLetters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A document id as Firestore makes one (20 letters and digits), from the browser's random numbers. */
function documentId(): string {
  const id: string[] = [];
  while (id.length < 20) {
    // 248 is the largest multiple of 62 a byte holds: past it a letter would come more often.
    for (const byte of crypto.getRandomValues(new Uint8Array(24)))
      if (byte < 248 && id.length < 20) id.push(idLetters.charAt(byte % idLetters.length));
  }
  return id.join('');
}

type RestValue = { stringValue: string } | { booleanValue: boolean } | { timestampValue: string };

const restValue = (value: string | boolean | Date): RestValue =>
  typeof value === 'string'
    ? { stringValue: value }
    : typeof value === 'boolean'
      ? { booleanValue: value }
      : { timestampValue: value.toISOString() };

/** Where a write goes: the emulator in local builds, else Firestore, with the web app's key. */
function commitAddress(database: string): string {
  const origin = firestoreEmulatorHost ? `http://${firestoreEmulatorHost}` : 'https://firestore.googleapis.com';
  const key = firebaseConfig.apiKey ? `?key=${encodeURIComponent(firebaseConfig.apiKey)}` : '';
  return `${origin}/v1/${database}/documents:commit${key}`;
}

/** Writes what a page learnt to `HelpSignals`, with the server's time and its expiry. */
export async function addHelpSignal(said: HelpSignalSaid, language: string): Promise<void> {
  const database = `projects/${firebaseConfig.projectId ?? ''}/databases/(default)`;
  const fields = Object.fromEntries(
    Object.entries(helpSignalDocument(said, language, Date.now())).map(([name, value]) => [name, restValue(value)]),
  );
  const response = await fetch(commitAddress(database), {
    method: 'POST',
    // Plain text, as Firestore's own web clients send it: no preflight request first.
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify({
      writes: [
        {
          update: { name: `${database}/documents/${collections.helpSignals}/${documentId()}`, fields },
          updateTransforms: [{ fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' }],
          currentDocument: { exists: false },
        },
      ],
    }),
    // Sent even as the page goes (a search left when the tab is closed).
    keepalive: true,
  });
  if (!response.ok) throw new Error(`The signal was refused (${String(response.status)})`);
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
