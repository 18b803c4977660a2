import { Timestamp } from 'firebase-admin/firestore';
import { Bytes } from 'firebase/firestore';
import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contactPicture, referenceFor } from '../../../functions/src/contracts/contact-message.ts';
import { deliverMail } from '../../../functions/src/contact-pipeline/deliver.ts';
import { senderSpacingMs } from '../../../functions/src/contact-pipeline/caps.ts';
import { sweepMail } from '../../../functions/src/contact-pipeline/sweep.ts';
import {
  cameraDetails,
  jpegBomb,
  jpegOf,
  pdfBytes,
  photoWithLocation,
} from '../../../functions/src/contact-pipeline/picture-samples.ts';
import { awayFromHourTurn, mailHarness, openLimits, token, type MailHarness } from '../../support/mail-harness.ts';
import { collections } from '../../../functions/src/contracts/collections.ts';

// A contact message with a picture, from a visitor's write through the rules to the support
// inbox: the delivery code itself (as mail-delivery.test.ts runs it, the triggers off) sends
// to a real SMTP server on loopback. The pictures are what a script could write instead of
// the site's re-drawn WebP: every message still arrives, with the picture drawn again and
// stripped of its EXIF, or without it and a row that says why.
const harness = mailHarness({ rules: true, limits: openLimits, atEnd: everyPictureDrawnAgain });
const { db, config } = harness;

/**
 * Every message this file wrote went out, and keeps only a picture drawn again without
 * metadata (as its own email attached it, or as the sweep drew it after a digest) or none.
 */
async function everyPictureDrawnAgain({ written }: MailHarness) {
  const snapshots = await Promise.all(written.map((id) => db.collection(collections.mail).doc(id).get()));
  expect(snapshots.filter((snapshot) => snapshot.get('delivery.state') !== 'SUCCESS').map(({ id }) => id)).toEqual([]);
  for (const snapshot of snapshots) {
    const kept: unknown = snapshot.get(contactPicture.field);
    expect(snapshot.get('pictureToClean'), snapshot.id).toBeUndefined();
    if (kept !== undefined) {
      expect(kept, snapshot.id).toBeInstanceOf(Buffer);
      const metadata = await sharp(kept as Buffer).metadata();
      expect(metadata, snapshot.id).toMatchObject({ format: 'webp' });
      expect(metadata.exif, snapshot.id).toBeUndefined();
      expect(metadata.xmp, snapshot.id).toBeUndefined();
    }
  }
}

/** A visitor (or a script) writes a message with a picture through the rules, under an id Firestore chose. */
const writeWithPicture = (t: string, picture: Uint8Array, email = `picture+${t}@example.org`): Promise<string> =>
  harness.visitorWrites(
    { subject: `Picture ${t}`, email, message: 'Look at this.' },
    { [contactPicture.field]: Bytes.fromUint8Array(picture) },
  );

/** Delivers the message as the trigger would, and returns its one email. */
async function deliver(id: string, t: string, options: Parameters<typeof deliverMail>[2] = {}): Promise<ParsedMail> {
  const ref = db.collection(collections.mail).doc(id);
  expect(await deliverMail(ref, config, options)).toBe('SUCCESS');
  expect((await ref.get()).get('delivery.state')).toBe('SUCCESS');
  const emails = harness.inbox.messages.filter((mail) => mail.subject?.includes(t));
  expect(emails).toHaveLength(1);
  const [email] = emails;
  if (!email) throw new Error(`no email for Mail/${id}`);
  return email;
}

describe('a message with a picture', () => {
  it('arrives with the picture drawn again as <reference>.webp, of the same size, without its EXIF', async () => {
    const t = token();
    const photo = await photoWithLocation(1200, 900);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const id = await writeWithPicture(t, photo);
    const email = await deliver(id, t);
    const reference = referenceFor(id);

    expect(email.attachments).toHaveLength(1);
    const [attachment] = email.attachments;
    expect(attachment?.filename).toBe(`${reference}.webp`);
    expect(attachment?.contentType).toBe('image/webp');
    const attached = await sharp(attachment?.content).metadata();
    expect(attached).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(attached.exif).toBeUndefined();
    expect(attached.xmp).toBeUndefined();
    expect(attachment?.content.includes(cameraDetails.model)).toBe(false);

    const row = `Picture: ${reference}.webp (1200 × 900 px, attached; location and camera details removed)`;
    expect(email.text).toContain(`\n${row}\n`);
    expect(email.html || '').toContain(
      `${reference}.webp (1200 × 900 px, attached; location and camera details removed)`,
    );
    expect(email.text).toContain('> Look at this.\n');

    // The message keeps only that copy: the bytes written, with the GPS position, the camera's
    // make and model and the XMP, are gone from the document.
    const kept = (await db.collection(collections.mail).doc(id).get()).get(contactPicture.field) as Buffer;
    expect(kept.equals(attachment?.content ?? Buffer.alloc(0))).toBe(true);
    expect(kept.includes(cameraDetails.model)).toBe(false);
    expect(kept.includes(cameraDetails.make)).toBe(false);
    expect(kept.includes('GPSLatitude')).toBe(false);
  });

  it('goes without its picture when reading it does not end within the deadline, and says so', async () => {
    const t = token();
    const id = await writeWithPicture(t, await photoWithLocation(1600, 1200));
    // A deadline no decode of 1,600 px meets: the read goes on alone, the message does not wait.
    const email = await deliver(id, t, { pictureDeadlineMs: 1 });
    expect(email.attachments).toEqual([]);
    expect(email.text).toContain(
      'Picture: the picture sent with the message could not be read and was left out: it was not read within 0.001 s, so the message went without it',
    );
    expect((await db.collection(collections.mail).doc(id).get()).get(contactPicture.field)).toBeUndefined();
  });

  it('goes without its picture after an invocation stopped while reading it (its lease ran out), and says why', async () => {
    const t = token();
    const id = await writeWithPicture(t, await photoWithLocation(1200, 900));
    // As a claim leaves a message whose invocation died in the decode (out of memory, say).
    const ref = db.collection(collections.mail).doc(id);
    await ref.update({
      delivery: {
        state: 'PROCESSING',
        attempts: 1,
        claim: 'claim-that-died',
        pictureTried: 'claim-that-died',
        leaseExpireTime: Timestamp.fromMillis(Date.now() - 1_000),
        counted: true,
        expireAt: Timestamp.fromMillis(Date.now() + 3_600_000),
      },
    });
    const report = await sweepMail(db, config);
    expect(report.SUCCESS).toBeGreaterThanOrEqual(1);
    const emails = harness.inbox.messages.filter((mail) => mail.subject?.includes(t));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.attachments).toEqual([]);
    expect(emails[0]?.text).toContain(
      'could not be read and was left out: it was not read again: reading it did not end on an earlier try of this message',
    );
    const delivery = (await ref.get()).get('delivery') as Record<string, unknown>;
    expect(delivery).toMatchObject({ state: 'SUCCESS', attempts: 2 });
    expect(delivery.pictureTried).toBeUndefined();
  });

  it('a read that ends clears its mark, so a later try reads the picture again', async () => {
    const t = token();
    const id = await writeWithPicture(t, await photoWithLocation(800, 600));
    const ref = db.collection(collections.mail).doc(id);
    // The first try reads the picture, then the server refuses the message for now.
    harness.inbox.rejectWhen((mail) =>
      mail.subject?.includes(t) ? { code: 451, text: '4.3.0 Try again later' } : undefined,
    );
    try {
      expect(await deliverMail(ref, config, { retryDelaysMs: [] })).toBe('RETRY');
    } finally {
      harness.inbox.rejectWhen(undefined);
    }
    expect((await ref.get()).get('delivery.pictureTried')).toBeUndefined();
    await ref.update({ 'delivery.nextAttemptTime': Timestamp.fromMillis(Date.now() - 1) });
    await sweepMail(db, config);
    const [email] = harness.inbox.messages.filter((mail) => mail.subject?.includes(t));
    expect(email?.attachments).toHaveLength(1);
  });

  it.each([
    [
      'bytes that are no picture (the start of a PDF)',
      () => Promise.resolve(pdfBytes),
      'is not a JPEG or WebP image (pdf)',
    ],
    ['a 4000 × 3000 px JPEG', () => jpegOf(4000, 3000), 'is 4000 × 3000 px, more than 1600 px on a side'],
    [
      'a decompression bomb (a JPEG of a few hundred bytes that says 20000 × 20000 px)',
      () => jpegBomb(20_000, 20_000),
      'is 20000 × 20000 px, more than 1600 px on a side',
    ],
  ])('arrives without a picture that is %s, saying it was left out and why', async (_, picture, reason) => {
    const t = token();
    const bytes = await picture();
    expect(bytes.length).toBeLessThanOrEqual(contactPicture.maxBytes); // the rules let it through
    const id = await writeWithPicture(t, bytes);
    const email = await deliver(id, t);

    expect(email.attachments).toEqual([]);
    const row = `Picture: the picture sent with the message could not be read and was left out: it ${reason}`;
    expect(email.text).toContain(`\n${row}\n`);
    expect(email.html || '').toContain(`could not be read and was left out: it ${reason}`);
    expect(email.text).toContain('> Look at this.\n');
    expect(email.text).toContain(`\nReference: ${referenceFor(id)}\n`);
    // Nothing was attached, so nothing is kept: the bytes written are gone, and the flag says so.
    const kept = await db.collection(collections.mail).doc(id).get();
    expect(kept.get(contactPicture.field)).toBeUndefined();
    expect(kept.get('hasPicture')).toBe(false);
  });

  // A script's flood of the largest pictures the rules allow, from one address: the caps send a
  // few alone and the rest wait for a digest, which reads many such documents at once
  // (retryContactMail has the memory for it) and carries none of their pictures.
  it('a flood with the largest pictures: the rest over the cap go in a digest that carries no picture and says where each is', async () => {
    // Not across an hour's turn, which would give the sender a new hour.
    await awayFromHourTurn(10_000);
    const t = token();
    const sender = `flood+${t}@example.org`;
    const largest = new Uint8Array(contactPicture.maxBytes).fill(0xab);
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1)
      ids.push(await writeWithPicture(`${t}-${String(index)}`, largest, sender));
    const capped = { ...config, limits: { perSenderPerHour: 2, perHour: 100_000, perDay: 0 } };
    const outcomes = await Promise.all(ids.map((id) => deliverMail(db.collection(collections.mail).doc(id), capped)));
    expect(outcomes.filter((outcome) => outcome === 'SUCCESS')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'QUEUED')).toHaveLength(5);

    const report = await sweepMail(db, capped, { now: Date.now() + 20 * senderSpacingMs });
    expect(report.digest).toMatchObject({ outcome: 'SUCCESS', messages: 5 });
    const digests = harness.inbox.messages.filter(
      (mail) => mail.subject?.startsWith('[Digest]') && mail.text?.includes(t),
    );
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest?.attachments).toEqual([]);
    const row = 'Picture: sent with the message, kept with its document (not attached to digests)';
    expect(digest?.text?.split(row).length).toBe(6);
    // The one sent alone said why its bytes (no picture) were left out.
    const alone = harness.inbox.messages.filter(
      (mail) => !mail.subject?.startsWith('[Digest]') && mail.text?.includes(t),
    );
    expect(alone).toHaveLength(1);
    for (const mail of alone)
      expect(mail.text).toContain('could not be read and was left out: it is not a JPEG or WebP image');
  });

  it('a photo sent in a digest is drawn again without its metadata by the sweep: no written bytes are kept', async () => {
    await awayFromHourTurn(10_000);
    const t = token();
    const sender = `digest-photo+${t}@example.org`;
    const photo = await photoWithLocation(1000, 750);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push(await writeWithPicture(`${t}-${String(index)}`, photo, sender));
    const capped = { ...config, limits: { perSenderPerHour: 1, perHour: 100_000, perDay: 0 } };
    for (const id of ids) await deliverMail(db.collection(collections.mail).doc(id), capped);
    const report = await sweepMail(db, capped, { now: Date.now() + 20 * senderSpacingMs });
    expect(report.digest.outcome).toBe('SUCCESS');
    const snapshots = await Promise.all(ids.map((id) => db.collection(collections.mail).doc(id).get()));
    const inDigest = snapshots.filter((snapshot) => snapshot.get('delivery.digest') !== undefined).length;
    expect(inDigest).toBeGreaterThan(0);
    expect(report.picturesCleaned).toBe(inDigest);
    for (const id of ids) {
      const snapshot = await db.collection(collections.mail).doc(id).get();
      const kept = snapshot.get(contactPicture.field) as Buffer;
      expect(snapshot.get('pictureToClean')).toBeUndefined();
      expect((await sharp(kept).metadata()).format).toBe('webp');
      expect(kept.includes(cameraDetails.model)).toBe(false);
      expect(kept.includes('GPSLatitude')).toBe(false);
    }
  });
});
