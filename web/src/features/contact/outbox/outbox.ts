import { referenceFor, type ContactMessage } from '@contracts/contact-message';
import { documentId } from '../../../firebase/rest-create';
import { writeMail } from '../api/write-mail';
import { deliver } from './deliver';
import { outboxChangedEvent } from './outbox-exists';
import { forgetMessage, keepMessage, keptMessages, markRefused, type KeptMessage } from './outbox-store';

// The outbox: every message the form sends is kept on the phone first (./outbox-store.ts), under
// an id made on the phone, and forgotten once the database has it. One that got no answer
// (offline, a connection that says it is online but is not) stays, and is sent again, under the
// same id, when the connection returns while the site is open or at the next visit: so it is
// stored once. One the rules would now refuse stays too, for the visitor to send again. A script
// part of its own: the form loads it when the visitor starts on it, other pages only when a
// message waits on the phone.

/** What the visitor is told of a kept message. */
export type OutboxNote = {
  id: string;
  subject: string;
  state: 'saved' | 'sending' | 'received' | 'refused';
  /** The reference the team's email shows, once it was received. */
  reference?: string;
};

/** How long after an attempt that got no answer the next one goes, while the page stays open. */
export const retryAfterMs = 15_000;

let notes: readonly OutboxNote[] = [];
const listeners = new Set<() => void>();
/** The messages this tab is sending now: each goes once at a time. */
const sending = new Set<string>();

function note(id: string, change: Omit<OutboxNote, 'id'> | undefined) {
  notes = [...notes.filter((shown) => shown.id !== id), ...(change ? [{ id, ...change }] : [])];
  for (const listener of listeners) listener();
  window.dispatchEvent(new Event(outboxChangedEvent));
}

/** What the outbox shows now (for useSyncExternalStore). */
export function outboxNotes(): readonly OutboxNote[] {
  return notes;
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hides a received message's note. */
export function dismissNote(id: string): void {
  if (notes.some((shown) => shown.id === id && shown.state === 'received')) note(id, undefined);
}

/** The result of the form's Send. */
export type SendResult = { state: 'received'; reference: string } | { state: 'saved' } | { state: 'refused' };

/**
 * Sends a new message from the form: kept on the phone first, then written. Received: forgotten,
 * with its reference. Refused: forgotten (the form still holds it). No answer: kept, and sent
 * again later. Rejects only when there was no answer and the phone could not keep it (no
 * IndexedDB): the form then says it was not sent, and still holds it.
 */
export async function sendNew(message: ContactMessage, picture?: Uint8Array): Promise<SendResult> {
  const kept: KeptMessage = { id: documentId(), message, ...(picture ? { picture } : {}), savedAt: Date.now() };
  const onPhone = await keepMessage(kept);
  sending.add(kept.id);
  try {
    const delivery = await deliver(kept, writeMail);
    if (onPhone) await forgetMessage(kept.id).catch(() => undefined);
    return delivery === 'stored' ? { state: 'received', reference: referenceFor(kept.id) } : { state: 'refused' };
  } catch (error) {
    if (!onPhone) throw error;
    note(kept.id, { subject: message.subject, state: 'saved' });
    watchOutbox();
    return { state: 'saved' };
  } finally {
    sending.delete(kept.id);
  }
}

/** Sends one kept message again, unless this tab is sending it already. */
async function sendKept(kept: KeptMessage): Promise<void> {
  if (sending.has(kept.id)) return;
  sending.add(kept.id);
  const subject = kept.message.subject;
  note(kept.id, { subject, state: 'sending' });
  try {
    if ((await deliver(kept, writeMail)) === 'stored') {
      await forgetMessage(kept.id).catch(() => undefined);
      note(kept.id, { subject, state: 'received', reference: referenceFor(kept.id) });
    } else {
      await markRefused(kept.id);
      note(kept.id, { subject, state: 'refused' });
    }
  } catch {
    note(kept.id, { subject, state: 'saved' });
  } finally {
    sending.delete(kept.id);
  }
}

let retry: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends every message waiting on the phone, one after the other, and shows those refused. A
 * note of a message no longer kept (another tab sent it, or took it back) goes, unless it was
 * received here. While one still waits, tries again after `retryAfterMs`.
 */
async function sendWaiting(): Promise<void> {
  clearTimeout(retry);
  const kept = await keptMessages().catch(() => []);
  const ids = new Set(kept.map((message) => message.id));
  for (const shown of notes) if (shown.state !== 'received' && !ids.has(shown.id)) note(shown.id, undefined);
  for (const message of kept) {
    const subject = message.message.subject;
    if (message.refused) note(message.id, { subject, state: 'refused' });
    // Offline: shown as saved; the browser's `online` event starts the next attempt.
    else if (!navigator.onLine) note(message.id, { subject, state: 'saved' });
    else await sendKept(message);
  }
  if (navigator.onLine && notes.some((shown) => shown.state === 'saved'))
    retry = setTimeout(() => void sendWaiting(), retryAfterMs);
}

let watching = false;

/**
 * Starts sending what waits on the phone: now, when the browser says it is back online, and
 * when the visitor comes back to the tab; once is enough per page.
 */
export function watchOutbox(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('online', () => void sendWaiting());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void sendWaiting();
  });
  void sendWaiting();
}

/**
 * Takes a refused message back from the outbox when `place` takes it (the form, to be sent
 * again), and forgets it then: what `place` said, or 'gone' when it is no longer kept. Its
 * picture does not come back: the form asks for it again, as after any visit.
 */
export async function takeBack<Place extends string>(
  id: string,
  place: (message: ContactMessage) => Place,
): Promise<Place | 'gone'> {
  const kept = (await keptMessages()).find((message) => message.id === id);
  if (!kept) {
    note(id, undefined);
    return 'gone';
  }
  const placed = place(kept.message);
  if (placed !== 'full') {
    await forgetMessage(id);
    note(id, undefined);
  }
  return placed;
}
