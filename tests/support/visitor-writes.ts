import { randomInt } from 'node:crypto';
import {
  buildContactMessage,
  type ContactDraft,
  type ContactMessage,
} from '../../functions/src/contracts/contact-message.ts';
import { restFields } from '../../web/src/firebase/rest-fields.ts';

// Contact messages as a visitor writes them, built by the one contact message module: the
// draft a test starts from, and a write through Firestore's REST API, as a script (or the
// site's client underneath) would make it, past no browser but through the rules.

/** A draft that makes a valid message; tests change what they need. */
export const sampleDraft: ContactDraft = {
  name: 'Ann',
  email: 'angler@example.org',
  subject: 'Tides',
  message: 'The tide table is off.',
  language: 'en',
};

export function contactMessage(fields: Partial<ContactDraft> = {}): ContactMessage {
  return buildContactMessage({ ...sampleDraft, ...fields });
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id in the shape of Firestore's automatic ones (20 letters and digits), as the rules require. */
export function autoId(): string {
  return Array.from({ length: 20 }, () => letters.charAt(randomInt(letters.length))).join('');
}

/**
 * Writes `Mail/{id}` with Firestore's REST API, unauthenticated, `createdAt` the server's
 * time: what the site writes, through the rules. Resolves to the HTTP response.
 */
export function restWrite(
  firestoreOrigin: string,
  projectId: string,
  id: string,
  message: ContactMessage,
): Promise<Response> {
  const documents = `projects/${projectId}/databases/(default)/documents`;
  return fetch(`${firestoreOrigin}/v1/${documents}:commit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      writes: [
        {
          update: { name: `${documents}/Mail/${id}`, fields: restFields(message) },
          updateTransforms: [{ fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' }],
          currentDocument: { exists: false },
        },
      ],
    }),
  });
}
