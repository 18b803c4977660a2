import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { contactPicture } from '../contracts/contact-message.js';
import { parsePicture, pictureDrawn, pictureFlag, pictureToClean } from './mail-document.js';
import { readMailPicture } from './picture.js';

// The sweep's last task (sweep.ts): the pictures a message keeps as written no longer than it
// needs them (mail-document.ts, pictureToClean), drawn again without metadata, or dropped.

/**
 * How long one sweep draws pictures again: one at a time (picture.ts draws one at a time per
 * instance), after the deliveries and the digest, so a sweep ends well within its minute.
 * Measured (tests/emulators/own-project/mail-picture-ends.test.ts prints it): see docs/support-email.md, "The picture".
 */
export const pictureCleaningMs = 15_000;

/** When a picture not read for a reason that may pass is tried again. */
export const pictureRetryMs = 15 * 60_000;

export type CleanOptions = {
  nowMs: number;
  /** Most documents looked at in one run. */
  most?: number;
  /** How long this run may draw (the wall clock's). */
  forMs?: number;
  /** How long one read may take (picture.ts, pictureDeadlineMs). */
  deadlineMs?: number;
};

export type CleanReport = { cleaned: number; dropped: number; later: number };

/**
 * The pictures due to be drawn again (mail-document.ts, pictureToClean), oldest mark first:
 * each as the message's own email would attach it (a WebP without metadata), or dropped when
 * the bytes cannot be a picture. One not read for a reason that may pass (the deadline on a
 * busy instance, the library) keeps its bytes and is tried again later. One at a time, for
 * `forMs`; the rest wait for the next run.
 */
export async function cleanPictures(db: Firestore, options: CleanOptions): Promise<CleanReport> {
  const { nowMs, most = 500, forMs = pictureCleaningMs, deadlineMs } = options;
  const mail = db.collection(collections.mail);
  const [due, older] = await Promise.all([
    mail.where(pictureToClean, '<=', Timestamp.fromMillis(nowMs)).orderBy(pictureToClean).select().limit(most).get(),
    // Marks written before they were times.
    mail.where(pictureToClean, '==', true).select().limit(most).get(),
  ]);
  const report: CleanReport = { cleaned: 0, dropped: 0, later: 0 };
  const stopAt = Date.now() + forMs;
  for (const { ref } of [...older.docs, ...due.docs]) {
    if (Date.now() >= stopAt) break;
    const carried = parsePicture((await ref.get()).get(contactPicture.field));
    const picture = carried ? await readMailPicture(carried, deadlineMs) : undefined;
    if (picture?.ok && picture.webp.length <= contactPicture.maxBytes) {
      await ref.update({
        [contactPicture.field]: picture.webp,
        [pictureDrawn]: true,
        [pictureToClean]: FieldValue.delete(),
      });
      report.cleaned += 1;
    } else if (picture && !picture.ok && picture.mayPass) {
      await ref.update({ [pictureToClean]: Timestamp.fromMillis(nowMs + pictureRetryMs) });
      report.later += 1;
    } else {
      await ref.update({
        [contactPicture.field]: FieldValue.delete(),
        [pictureFlag]: false,
        [pictureDrawn]: FieldValue.delete(),
        [pictureToClean]: FieldValue.delete(),
      });
      report.dropped += 1;
    }
  }
  return report;
}
