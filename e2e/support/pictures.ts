// The files a visitor might choose for a Contact Us message, as files on disk for the browser's
// file picker: a phone photo as it leaves the camera (4,000 × 3,000 px, JPEG, the camera and
// the GPS position of a fishing spot in its EXIF and XMP) and a PDF named `.jpg`, made from the
// samples the function's tests use (functions/src/contact-pipeline/picture-samples.ts). What the tests read
// back (the picture in Firestore, the email's attachment) is read with sharp.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { hasGpsSection, pdfBytes, photoWithLocation } from '../../functions/src/contact-pipeline/picture-samples.ts';
import { root } from '../../tests/support/emulators.ts';

const folder = join(root, 'test-results', 'pictures');

let photosWritten = 0;

/**
 * A 4,000 × 3,000 JPEG photo with GPS and camera in its EXIF; its path, a file of its own at
 * each call. Chromium reads a chosen file from disk when the page reads it and refuses every
 * read once the file has been written again since it was chosen (even with the same bytes):
 * with one shared file, a test writing it while another test's page was decoding its choice
 * made that page say the photo could not be read (the fresh-clone run's "damaged" photo).
 */
export async function gpsPhoto(): Promise<string> {
  mkdirSync(folder, { recursive: true });
  photosWritten += 1;
  const file = join(folder, `catch-4000x3000-gps-${String(process.pid)}-${String(photosWritten)}.jpg`);
  const jpeg = await photoWithLocation(4000, 3000);
  const written = await sharp(jpeg).metadata();
  if (written.width !== 4000 || !written.exif || !hasGpsSection(written.exif)) {
    throw new Error('the test photo was not made with its size and GPS position');
  }
  writeFileSync(file, jpeg);
  return file;
}

/** A PDF document named as a picture (`invoice.jpg`); its path. */
export function pdfNamedJpg(): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'invoice.jpg');
  writeFileSync(file, pdfBytes);
  return file;
}

/** What sharp reads of a picture's bytes: its format, its size, and whether any metadata is left. */
export async function readPicture(
  bytes: Uint8Array,
): Promise<{ format?: string; width?: number; height?: number; exif: boolean }> {
  const { format, width, height, exif, xmp, iptc } = await sharp(bytes).metadata();
  return { format, width, height, exif: Boolean(exif ?? xmp ?? iptc) };
}
