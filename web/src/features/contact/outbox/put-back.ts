import type { ContactMessage } from '@contracts/contact-message';
import { isEmptyDraft, readDraft, saveDraft, sessionStore, type Draft } from '../draft';

// A refused message taken back into the form, to be checked and sent again: the outbox's note
// (../outbox-notes.tsx) offers it on any page, and the form (../use-contact-form.ts) takes it
// where it is open and empty. Never over what the visitor is writing: a form, or a tab's draft,
// that holds another message refuses it.

/** The window event that offers the form a message; the form marks it taken, or cancels it when it holds another. */
export const putBackEvent = 'contact-put-back';
export type PutBack = { draft: Draft; taken: boolean };

/** A stored message as the form's fields hold it. */
export function draftOf(message: ContactMessage): Draft {
  return {
    values: { email: message.email, name: message.name, subject: message.subject, message: message.message },
    app: { platform: message.context.platform ?? '', appVersion: message.context.appVersion ?? '' },
  };
}

/**
 * Offers `message` to the form open on this page, else keeps it as the tab's draft, which the
 * form reads when it opens: 'form' or 'draft' where it went, 'full' where another message is
 * in the way.
 */
export function offerToForm(message: ContactMessage): 'form' | 'draft' | 'full' {
  const offer: PutBack = { draft: draftOf(message), taken: false };
  const notRefused = window.dispatchEvent(new CustomEvent(putBackEvent, { detail: offer, cancelable: true }));
  if (!notRefused) return 'full';
  if (offer.taken) return 'form';
  const kept = readDraft(sessionStore());
  if (kept && !isEmptyDraft(kept)) return 'full';
  saveDraft(sessionStore(), offer.draft);
  return 'draft';
}
