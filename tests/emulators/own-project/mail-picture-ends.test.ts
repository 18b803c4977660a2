import { Timestamp } from 'firebase-admin/firestore';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contactPicture } from '../../../functions/src/contracts/contact-message.ts';
import { markAccountDown, accountRef } from '../../../functions/src/email/smtp-account.ts';
import { deliverMail } from '../../../functions/src/contact-pipeline/deliver.ts';
import { maxAttempts } from '../../../functions/src/email/send-failures.ts';
import { pictureToClean, rawPictureForMs } from '../../../functions/src/contact-pipeline/mail-document.ts';
import {
  cameraDetails,
  hasGpsSection,
  photoWithLocation,
} from '../../../functions/src/contact-pipeline/picture-samples.ts';
import {
  cleanPictures,
  pictureCleaningMs,
  pictureRetryMs,
} from '../../../functions/src/contact-pipeline/picture-cleaning.ts';
import { sweepMail } from '../../../functions/src/contact-pipeline/sweep.ts';
import { hour, mailHarness, minute, openLimits, queuedFields } from '../../support/mail-harness.ts';

// Bytes a script wrote are kept only as long as they are needed: every way a message with a
// picture can end (sent alone: mail-picture.test.ts), and every wait past a day, leaves the
// picture drawn again without metadata, or none. The delivery code against the Firestore
// emulator and the harness's SMTP inbox, on the test's clock; the pictures are photos that
// carry a camera and a GPS position in their EXIF.

const harness = mailHarness({ limits: openLimits, clockFrom: 2070 });
const { db, config, mailRef, deliveryOf, freshDay } = harness;
const sleep = () => Promise.resolve();

/** The picture a message keeps: clean (a WebP without metadata), or none. */
async function expectCleanOrGone(id: string): Promise<'clean' | 'gone'> {
  const snapshot = await mailRef(id).get();
  const kept: unknown = snapshot.get(contactPicture.field);
  expect(snapshot.get(pictureToClean), `Mail/${id}`).toBeUndefined();
  if (kept === undefined) return 'gone';
  const metadata = await sharp(kept as Buffer).metadata();
  expect(metadata.format, `Mail/${id}`).toBe('webp');
  expect(metadata.exif, `Mail/${id}`).toBeUndefined();
  expect((kept as Buffer).includes(cameraDetails.model)).toBe(false);
  return 'clean';
}

/** Whether the message still holds the photo as written, GPS and all. */
async function stillRaw(id: string): Promise<boolean> {
  const kept = (await mailRef(id).get()).get(contactPicture.field) as Buffer | undefined;
  const exif = kept ? (await sharp(kept).metadata()).exif : undefined;
  return exif !== undefined && hasGpsSection(exif);
}

async function writePhoto(atMs: number, label: string, extra: Record<string, unknown> = {}): Promise<string> {
  const photo = await photoWithLocation(800, 600);
  const [id = ''] = await harness.writeAt(
    1,
    atMs,
    () => ({ email: `${label}@example.org`, subject: `Picture end ${label}` }),
    () => ({ [contactPicture.field]: photo, ...extra }),
  );
  return id;
}

describe('every end of a message with a picture a script wrote leaves it clean or gone', () => {
  it('ended in ERROR at the claim (out of attempts): drawn again by the next sweep', async () => {
    const at = freshDay() + 9 * hour;
    const id = await writePhoto(at, `claim-${String(at)}`);
    await mailRef(id).update({
      delivery: {
        state: 'RETRY',
        attempts: maxAttempts,
        error: '451 try later',
        nextAttemptTime: Timestamp.fromMillis(at),
      },
    });
    expect(await deliverMail(mailRef(id), config, { now: () => at + minute, sleep })).toBe('ERROR');
    await sweepMail(db, config, { now: at + 2 * minute });
    expect(await expectCleanOrGone(id)).toBe('clean');
  });

  it('ended in ERROR in a digest (refused for good): drawn again in the same sweep', async () => {
    const at = freshDay() + 9 * hour;
    const label = `digest-${String(at)}`;
    const photo = await photoWithLocation(800, 600);
    const [id = ''] = await harness.writeAt(
      1,
      at,
      () => ({ email: `${label}@example.org`, subject: `Picture end ${label}` }),
      (written, index) => ({ [contactPicture.field]: photo, hasPicture: true, ...queuedFields(written, at, index) }),
    );
    harness.inbox.rejectWhen((mail) =>
      mail.text?.includes(label) ? { code: 554, text: '5.7.1 Rejected by content filter' } : undefined,
    );
    const report = await sweepMail(db, config, { now: at + minute });
    expect(report.digest.outcome).toBe('ERROR');
    expect((await deliveryOf(id)).state).toBe('ERROR');
    expect(await expectCleanOrGone(id)).toBe('clean');
  });

  it('sent in a digest: drawn again in the same sweep', async () => {
    const at = freshDay() + 9 * hour;
    const label = `sent-digest-${String(at)}`;
    const photo = await photoWithLocation(800, 600);
    const [id = ''] = await harness.writeAt(
      1,
      at,
      () => ({ email: `${label}@example.org`, subject: `Picture end ${label}` }),
      (written, index) => ({ [contactPicture.field]: photo, hasPicture: true, ...queuedFields(written, at, index) }),
    );
    expect((await sweepMail(db, config, { now: at + minute })).digest.outcome).toBe('SUCCESS');
    expect(await expectCleanOrGone(id)).toBe('clean');
  });

  it('held for the mail account: kept as written for a day at most, then drawn again while it still waits', async () => {
    const at = freshDay() + 9 * hour;
    await markAccountDown(
      db,
      { message: '535 5.7.8 refused', code: 'EAUTH', responseCode: 535, stage: 'login' },
      at - minute,
      () => undefined,
    );
    const id = await writePhoto(at, `held-${String(at)}`);
    expect(await deliverMail(mailRef(id), config, { now: () => at, sleep })).toBe('HELD');
    await cleanPictures(db, { nowMs: at + hour });
    expect(await stillRaw(id)).toBe(true);
    await cleanPictures(db, { nowMs: at + rawPictureForMs });
    expect(await deliveryOf(id)).toMatchObject({ state: 'RETRY', waitsFor: 'account' });
    expect(await expectCleanOrGone(id)).toBe('clean');
    await accountRef(db).delete();
  });

  it('deferred by a refusal for now: marked to be drawn again a day after it was written, unless sent before', async () => {
    const at = freshDay() + 9 * hour;
    const label = `deferred-${String(at)}`;
    harness.inbox.rejectWhen((mail) =>
      mail.text?.includes(label) ? { code: 451, text: '4.3.0 Mail server temporarily rejected message.' } : undefined,
    );
    const id = await writePhoto(at, label);
    expect(await deliverMail(mailRef(id), config, { now: () => at, sleep })).toBe('RETRY');
    expect(((await mailRef(id).get()).get(pictureToClean) as Timestamp).toMillis()).toBe(at + rawPictureForMs);
    await cleanPictures(db, { nowMs: at + rawPictureForMs });
    expect(await expectCleanOrGone(id)).toBe('clean');
  });

  it('a redraw that fails for a reason that may pass keeps the bytes and tries again later', async () => {
    const at = freshDay() + 9 * hour;
    const id = await writePhoto(at, `later-${String(at)}`, { [pictureToClean]: Timestamp.fromMillis(at) });
    // No time at all to read it: as on an instance too busy to draw it within the deadline.
    expect(await cleanPictures(db, { nowMs: at, deadlineMs: 0 })).toMatchObject({ later: 1, dropped: 0 });
    expect(await stillRaw(id)).toBe(true);
    expect(((await mailRef(id).get()).get(pictureToClean) as Timestamp).toMillis()).toBe(at + pictureRetryMs);
    expect(await cleanPictures(db, { nowMs: at + pictureRetryMs })).toMatchObject({ cleaned: 1 });
    expect(await expectCleanOrGone(id)).toBe('clean');
  });

  it('the cleaner’s rate: pictures drawn again per run, measured on the largest photos the form takes', async () => {
    const at = freshDay() + 9 * hour;
    const photo = await photoWithLocation(contactPicture.maxSide, contactPicture.maxSide);
    const count = 20;
    const ids = await harness.writeAt(
      count,
      at,
      (index) => ({ email: `rate${String(index)}-${String(at)}@example.org`, subject: `Rate ${String(index)}` }),
      () => ({ [contactPicture.field]: photo, [pictureToClean]: Timestamp.fromMillis(at) }),
    );
    const started = performance.now();
    const report = await cleanPictures(db, { nowMs: at, forMs: 120_000 });
    const perPictureMs = (performance.now() - started) / count;
    expect(report.cleaned).toBe(count);
    console.log(
      `cleaner: ${String(count)} photos of ${String(contactPicture.maxSide)} px (${String(photo.length)} bytes) in ${String(Math.round(perPictureMs))} ms each: about ${String(Math.floor(pictureCleaningMs / perPictureMs))} in a run of ${String(pictureCleaningMs / 1000)} s`,
    );
    for (const id of ids) expect(await expectCleanOrGone(id)).toBe('clean');
  }, 120_000);
});
