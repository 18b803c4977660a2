import { firebaseConfig, firestoreEmulatorHost } from './config';
import { restFields, type RestFields } from './rest-fields';

// Creating one document through Firestore's REST API, without the Firebase SDK: the site's two
// writes (a help signal, a contact message) are each one request, and the SDK's parts would cost
// their pages far more bytes. Each write names its document's id, made in the browser, and asks
// Firestore to create it only where none is (`currentDocument.exists: false`): the rules judge it
// as a create, and a second attempt with the same id (the answer to the first was lost) is
// refused as already there, never stored twice.

const idLetters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A document id as Firestore makes one (20 letters and digits), from the browser's random numbers. */
export function documentId(): string {
  const id: string[] = [];
  while (id.length < 20) {
    // 248 is the largest multiple of 62 a byte holds: past it a letter would come more often.
    for (const byte of crypto.getRandomValues(new Uint8Array(24)))
      if (byte < 248 && id.length < 20) id.push(idLetters.charAt(byte % idLetters.length));
  }
  return id.join('');
}

/** The rules (or the API) refused the document: the same write would be refused again. */
export class WriteRefused extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`Firestore refused the document (${String(status)})`);
    this.name = 'WriteRefused';
    this.status = status;
  }
}

/** What became of a create: stored now, or already stored by an earlier attempt with the same id. */
export type CreateOutcome = 'created' | 'existed';

/** Where a write goes: the emulator in local builds, else Firestore, with the web app's key. */
function commitAddress(database: string): string {
  const origin = firestoreEmulatorHost ? `http://${firestoreEmulatorHost}` : 'https://firestore.googleapis.com';
  const key = firebaseConfig.apiKey ? `?key=${encodeURIComponent(firebaseConfig.apiKey)}` : '';
  return `${origin}/v1/${database}/documents:commit${key}`;
}

export type CreateRequest = {
  collection: string;
  id: string;
  fields: RestFields;
  /** The field set to the server's time (the rules compare it with the request's). */
  serverTime: string;
  /** Headers besides the body's type (App Check's token). */
  headers?: Record<string, string>;
  /** Sent even as the page goes. */
  keepalive?: boolean;
  signal?: AbortSignal;
};

/**
 * Creates `collection/id` unless it is there. Resolves to what became of it; rejects with
 * WriteRefused when the rules or the API refuse the document, and with another error when the
 * answer did not come (offline, a time-out, the service unavailable): then it may have been
 * stored, and the same request again tells.
 */
export async function createDocument(request: CreateRequest): Promise<CreateOutcome> {
  const database = `projects/${firebaseConfig.projectId ?? ''}/databases/(default)`;
  const response = await fetch(commitAddress(database), {
    method: 'POST',
    // Plain text, as Firestore's own web clients send it: no preflight request where no other header goes.
    headers: { 'Content-Type': 'text/plain', ...request.headers },
    body: JSON.stringify({
      writes: [
        {
          update: {
            name: `${database}/documents/${request.collection}/${request.id}`,
            fields: restFields(request.fields),
          },
          updateTransforms: [{ fieldPath: request.serverTime, setToServerValue: 'REQUEST_TIME' }],
          currentDocument: { exists: false },
        },
      ],
    }),
    keepalive: request.keepalive ?? false,
    signal: request.signal ?? null,
  });
  if (response.ok) return 'created';
  if (response.status === 409) return 'existed';
  if (response.status === 400 || response.status === 403) throw new WriteRefused(response.status);
  throw new Error(`Firestore did not store the document (${String(response.status)})`);
}
