// The email that tells a member their account was deleted: to the deleted account's address
// only, in English and Italian (the member's language went with their data), as HTML and text.
import type { OutgoingEmail } from '../email/outgoing-email.js';
import { isPlainEmail } from '../contracts/contact-message.js';
import { escapeHtml } from '../contracts/html-text.js';

/** What the confirmation is: everything but its sender and Message-ID, which the send gives it (email/send-once.ts). */
export type ConfirmationEmail = Omit<OutgoingEmail, 'from' | 'messageId'>;

/** The first line of a confirmation sent again after a send that met no answer, in both languages. */
function mayBeARepeat(unansweredMs: number): [string, string] {
  const when = new Date(unansweredMs).toISOString().slice(0, 16).replace('T', ' ');
  return [
    `Sent again: a try at ${when} UTC got no answer from our mail server, so this email may have reached you already.`,
    `Inviata di nuovo: un tentativo alle ${when} UTC non ha avuto risposta dal nostro server di posta, quindi questa email potrebbe esserti già arrivata.`,
  ];
}

/**
 * The confirmation for `to`, dated `deletedAt`; `repeatOf`: when an earlier send met no answer,
 * so this one says first that it may be a repeat. `to` must be one plain address (Auth's, which
 * it checked): anything that could name a second recipient is refused.
 */
export function deletionConfirmation(options: { to: string; deletedAt: Date; repeatOf?: number }): ConfirmationEmail {
  if (!isPlainEmail(options.to)) throw new Error('The deleted account has no plain email address to confirm to');
  const day = options.deletedAt.toISOString().slice(0, 10);
  const paragraphs: Array<[string, string]> = [
    ...(options.repeatOf === undefined ? [] : [mayBeARepeat(options.repeatOf)]),
    [
      `Your account and its data were deleted on ${day}, as you asked: your profile, posts, catches with their photos and locations, follows and notifications. This cannot be undone.`,
      `Il tuo account e i suoi dati sono stati eliminati il ${day}, come hai chiesto: profilo, post, catture con foto e posizioni, follower e notifiche. Non si può annullare.`,
    ],
    [
      'A Pro subscription bought in Google Play or the App Store is not cancelled by this: cancel it in the store if you have not yet. If you did not ask for this, reply to this email.',
      "Un abbonamento Pro acquistato su Google Play o sull'App Store non viene disdetto così: disdicilo nello store, se non l'hai già fatto. Se non l'hai chiesto tu, rispondi a questa email.",
    ],
  ];
  const english = paragraphs.map(([en]) => en);
  const italian = paragraphs.map(([, it]) => it);
  const html = [
    '<div lang="en">',
    ...english.map((text) => `<p>${escapeHtml(text)}</p>`),
    '</div><hr><div lang="it">',
    ...italian.map((text) => `<p>${escapeHtml(text)}</p>`),
    '</div>',
  ].join('\n');
  return {
    to: options.to,
    subject: 'Your account was deleted · Il tuo account è stato eliminato',
    html,
    text: [...english, '—', ...italian].join('\n\n'),
  };
}
