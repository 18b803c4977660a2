import type sharpModule from 'sharp';
import type { Metadata } from 'sharp';
import { contactPicture } from '../contracts/contact-message.js';
import type { CarriedPicture } from './mail-document.js';

// The picture a contact message may carry (contact-message.ts, contactPicture), read again
// before it goes to the support inbox. The site sends a WebP or JPEG it drew itself, but a
// script can write any bytes the rules let through (bytes, at most 640 KiB), so nothing in
// them is trusted:
//   - the first bytes must say JPEG or WebP before libvips (through sharp) parses anything,
//     so none of its other readers (SVG, TIFF, GIF, HEIF…) ever sees a visitor's bytes;
//   - the header must say one still picture of at most 1,600 px a side before a pixel is
//     decoded: a few hundred bytes can claim 20,000 × 20,000 px, 1.2 GB once decoded;
//   - what is attached is never the bytes written but the pixels drawn again as WebP, with no
//     metadata at all: no EXIF (GPS position, camera, time), XMP, IPTC or colour profile (the
//     colours are converted to sRGB instead), and nothing hidden after the image data.
// Every reason is made of the function's own words and numbers, never of the bytes, so it is
// safe to log and to show in the email.

/** A picture read: the WebP to attach and its size in pixels, or why it was left out. */
export type PictureResult =
  | { ok: true; webp: Buffer; width: number; height: number }
  /** `mayPass`: not read for a reason of the moment (the library, a busy instance), not of the bytes. */
  | { ok: false; reason: string; mayPass?: true };

type PictureType = (typeof contactPicture.types)[number];

/** The formats sharp names that are one of contactPicture.types. */
const typeOfFormat: Partial<Record<string, PictureType>> = { jpeg: 'image/jpeg', webp: 'image/webp' };

/** WebP quality of the attached copy: a screenshot's text stays sharp, a photo stays small. */
const webpQuality = 82;

/** Longest a decode may take: a 1,600 px picture takes well under a second. */
const decodeTimeoutSeconds = 10;

/**
 * Longest the whole read of a picture may take, our own deadline around sharp's: its timeout
 * covers only the pixels' output, not the reading of a JPEG's scans, nor the wait for the
 * pictures ahead in line. Past it the message goes without its picture, and the email says so.
 */
export const pictureDeadlineMs = 20_000;

/**
 * Most scans a progressive JPEG may have: each scan of a progressive JPEG refines the whole
 * picture once more, and libjpeg decodes every one before sharp's timeout starts counting, so a
 * few hundred bytes of scans can cost minutes. Encoders write about 10 (libjpeg's standard
 * progression has 10; the form's canvas writes baseline JPEGs, one scan).
 */
export const maxJpegScans = 32;

type Sharp = typeof sharpModule;
let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded the first time a picture comes (not when the function starts: most messages
 * have none, and libvips costs memory and start-up time), with settings for one picture at a
 * time on a small instance. One libvips thread per picture: an instance of the mail function
 * has at most one vCPU, so more threads would only add their working memory. No operation
 * cache: each picture is decoded once, and the cache (up to 50 MB) would keep a visitor's
 * pixels in memory after their message has gone.
 */
function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(
    ({ default: sharp }) => {
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    },
    (error: unknown) => {
      loading = undefined; // tried again with the next picture
      throw error;
    },
  );
  return loading;
}

/**
 * Pictures are drawn again one at a time per instance. The trigger's instance runs up to 16
 * invocations at once in 512 MiB (index.ts, from a measurement), and drawing one picture again
 * takes about 20 MB at its peak (measured: a 1,600 × 1,600 photo, 22 MB; the same size of
 * noise, which no photo comes near, 43 MB): several at once could outgrow the instance. One
 * after another, a picture waits up to about 0.6 s for each ahead of it, well within the read's
 * deadline (pictureDeadlineMs).
 */
let lastInLine: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>, deadlineMs: number): Promise<T> {
  const turn = lastInLine.then(task);
  // The next picture waits for this one, but never past the deadline: one that never ends
  // must not hold up every picture after it.
  lastInLine = Promise.race([turn.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, deadlineMs))]);
  return turn;
}

/** The scans (SOS markers) of a JPEG, counted without decoding: a marker's 0xFF is never stuffed. */
export function jpegScans(bytes: Uint8Array): number {
  let scans = 0;
  for (let index = 0; index + 1 < bytes.length; index += 1) {
    if (bytes[index] === 0xff && bytes[index + 1] === 0xda) scans += 1;
  }
  return scans;
}

/** What the first bytes say a file is, by sharp's name for the format, for the few known here. */
function sniff(bytes: Uint8Array): string | undefined {
  const at = (offset: number, text: string) =>
    Buffer.from(text, 'latin1').every((byte, index) => bytes[offset + index] === byte);
  if (at(0, '\xFF\xD8\xFF')) return 'jpeg';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  // Others, only to say in the reason what was sent instead.
  if (at(0, '\x89PNG\r\n\x1A\n')) return 'png';
  if (at(0, 'GIF8')) return 'gif';
  if (at(0, '%PDF-')) return 'pdf';
  if (at(0, 'II*\0') || at(0, 'MM\0*')) return 'tiff';
  if (at(4, 'ftyp') && ['heic', 'heix', 'mif1', 'msf1', 'avif'].some((brand) => at(8, brand))) return 'heif';
  return undefined;
}

const refused = (reason: string): PictureResult => ({ ok: false, reason });
/** Not read for now: trying again later may read it. */
const notNow = (reason: string): PictureResult => ({ ok: false, reason, mayPass: true });

/** The words for a format that is not one of contactPicture.types. */
const notAllowed = (format: string | undefined) => `is not a JPEG or WebP image${format ? ` (${format})` : ''}`;

/**
 * The picture a message carried, checked and drawn again as WebP without metadata, or why it
 * was left out. Reads the header first and refuses, before decoding anything, bytes over the
 * limit, any other format, an animation and a picture over 1,600 px on a side. Never throws.
 */
export async function readPicture(bytes: Uint8Array, deadlineMs = pictureDeadlineMs): Promise<PictureResult> {
  const bytesRefused = checkBytes(bytes);
  if (bytesRefused) return refused(bytesRefused);
  let sharp: Sharp;
  try {
    sharp = await loadSharp();
  } catch {
    return notNow('was not read: the image library could not be loaded');
  }
  // A view of the same memory, as sharp takes it (the Admin SDK's Buffer may be part of a larger one).
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The header alone: reading it decodes no pixel, so it is read without the pixel limit,
  // which would refuse a bomb without saying how big it claims to be.
  let header: Metadata;
  try {
    header = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    return refused('could not be decoded');
  }
  const headerRefused = checkHeader(header, input);
  return headerRefused ? refused(headerRefused) : drawAgain(sharp, input, deadlineMs);
}

/** Why the bytes cannot be a picture we read, before any decoding: none, too many, not a format allowed. */
function checkBytes(bytes: Uint8Array): string | undefined {
  const { maxBytes } = contactPicture;
  if (bytes.length === 0) return 'is empty';
  if (bytes.length > maxBytes) return `is ${bytes.length} bytes, more than the ${maxBytes} allowed`;
  const sniffed = sniff(bytes);
  return sniffed === undefined || typeOfFormat[sniffed] === undefined ? notAllowed(sniffed) : undefined;
}

/** Why the header says the picture is not one we read: its format, frames, size or scans. */
function checkHeader(header: Metadata, input: Buffer): string | undefined {
  const { maxSide } = contactPicture;
  if (typeOfFormat[header.format] === undefined) return notAllowed(header.format);
  const pages = header.pages ?? 1;
  if (pages > 1) return `is an animation of ${pages} frames, not one picture`;
  const { width, height } = header;
  if (width > maxSide || height > maxSide) return `is ${width} × ${height} px, more than ${maxSide} px on a side`;
  const scans = header.format === 'jpeg' && header.isProgressive ? jpegScans(input) : 0;
  return scans > maxJpegScans
    ? `is a progressive JPEG of ${scans} scans, more than the ${maxJpegScans} read`
    : undefined;
}

/**
 * Decoded (within the pixel limit, whatever the header said) and drawn again. autoOrient turns
 * the pixels as the EXIF orientation says, since that tag does not survive; no keepMetadata or
 * withMetadata, so the WebP carries none.
 */
async function drawAgain(sharp: Sharp, input: Buffer, deadlineMs: number): Promise<PictureResult> {
  const { maxSide } = contactPicture;
  try {
    const { data, info } = await oneAtATime(
      () =>
        sharp(input, { failOn: 'error', limitInputPixels: maxSide * maxSide })
          .autoOrient()
          .webp({ quality: webpQuality })
          .timeout({ seconds: decodeTimeoutSeconds })
          .toBuffer({ resolveWithObject: true }),
      deadlineMs,
    );
    return { ok: true, webp: data, width: info.width, height: info.height };
  } catch (error) {
    const timedOut = error instanceof Error && /timeout/i.test(error.message);
    return timedOut ? notNow(`took more than ${decodeTimeoutSeconds} s to decode`) : refused('could not be decoded');
  }
}

/** The reason a picture is left out when reading it did not end within the deadline. */
export const pastDeadline = (deadlineMs: number) =>
  `was not read within ${String(deadlineMs / 1000)} s, so the message went without it`;

/**
 * A message's picture as the email shows it: read (readPicture) within `deadlineMs`, whatever
 * happens inside, or refused already when read from the document. Never throws, never waits
 * past the deadline (a read that has not ended by then goes on alone; its result is dropped).
 */
export function readMailPicture(picture: CarriedPicture, deadlineMs = pictureDeadlineMs): Promise<PictureResult> {
  if (picture.kind !== 'bytes') return Promise.resolve(refused(picture.reason));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<PictureResult>((resolve) => {
    timer = setTimeout(() => resolve(notNow(pastDeadline(deadlineMs))), deadlineMs);
  });
  return Promise.race([readPicture(picture.bytes, deadlineMs), deadline]).finally(() => clearTimeout(timer));
}
