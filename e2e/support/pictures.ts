// The files a visitor might choose for a Contact Us message, made for the tests: a phone
// photo as it leaves the camera (4,000 × 3,000 px, JPEG, its EXIF with the GPS position of
// a fishing spot, the phone's make and model and the time), and a PDF named `.jpg`. What the
// tests read back (the picture in Firestore, the email's attachment) is read with sharp.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { root } from '../../tests/support/emulators.ts';

const folder = join(root, 'test-results', 'pictures');

/** The GPS position the photo's EXIF carries: what must never reach the team. */
export const photoGps = { latitude: '45/1 26/1 1234/100', longitude: '12/1 19/1 5678/100' };

/** A 4,000 × 3,000 JPEG photo with GPS, camera and time in its EXIF; its path. */
export async function gpsPhoto(): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'catch-4000x3000-gps.jpg');
  // A sky over the sea, as gradients: a photo's kind of content, quick to make.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8ec5ff"/><stop offset="0.55" stop-color="#e8f4ff"/>
      <stop offset="0.56" stop-color="#0b5cad"/><stop offset="1" stop-color="#06325e"/></linearGradient></defs>
    <rect width="4000" height="3000" fill="url(#g)"/><circle cx="2900" cy="900" r="260" fill="#ffd166"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Fishphone', Model: 'Fishphone 12 Pro', DateTime: '2026:06:14 05:42:10' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: photoGps.latitude,
        GPSLongitudeRef: 'E',
        GPSLongitude: photoGps.longitude,
      },
    })
    .toBuffer();
  const written = await sharp(jpeg).metadata();
  // The EXIF names the phone and points to a GPS block (tag 0x8825, in either byte order).
  const exif = written.exif ?? Buffer.alloc(0);
  const gps = exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
  if (written.width !== 4000 || written.height !== 3000 || !exif.includes('Fishphone') || !gps) {
    throw new Error('the test photo was not made with its size and EXIF');
  }
  writeFileSync(file, jpeg);
  return file;
}

/** A PDF document named as a picture (`invoice.jpg`); its path. */
export function pdfNamedJpg(): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'invoice.jpg');
  writeFileSync(file, '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  return file;
}

/** What sharp reads of a picture's bytes: its format, size and whether any EXIF is left. */
export async function readPicture(
  bytes: Uint8Array,
): Promise<{ format?: string; width?: number; height?: number; exif: boolean }> {
  const { format, width, height, exif, xmp, iptc } = await sharp(bytes).metadata();
  return { format, width, height, exif: Boolean(exif ?? xmp ?? iptc) };
}
