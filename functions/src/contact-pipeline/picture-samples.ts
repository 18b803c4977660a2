import sharp from 'sharp';

// Pictures for the tests of picture.ts and of the mail pipeline against the emulators
// (tests/emulators/own-project/mail-picture.test.ts), made by sharp when a test runs, small so
// the tests stay quick. Not part of the function: tsconfig.build.json leaves this file out.

/** A plain JPEG of the given size: one colour with a band of another, so it is not blank. */
export function jpegOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2f6f8f' } })
    .composite([
      {
        input: { create: { width, height: Math.max(1, Math.floor(height / 3)), channels: 3, background: '#e8c547' } },
        top: 0,
        left: 0,
      },
    ])
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** The camera and the place a phone writes into a photo's EXIF: what must not reach the inbox. */
export const cameraDetails = { make: 'Fishcam Phones', model: 'Fishcam 9 Pro' } as const;

/** XMP, where some phones and editors write the place again. */
const xmpWithLocation = [
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">',
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description',
  ' xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="45,30.0N" exif:GPSLongitude="9,11.0E"/>',
  '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
].join('');

/**
 * A phone photo as a script could send it, the site's re-drawing skipped: a JPEG whose EXIF
 * names the camera and where it was taken (45° 30′ N, 9° 11′ E), with the place in XMP too and
 * a Display P3 colour profile.
 */
export function photoWithLocation(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2f6f8f' } })
    .jpeg({ quality: 70 })
    .withIccProfile('p3')
    .withXmp(xmpWithLocation)
    .withExif({
      IFD0: { Make: cameraDetails.make, Model: cameraDetails.model, DateTime: '2026:11:20 06:12:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 30/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '9/1 11/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether EXIF (as sharp's metadata gives it) holds a GPS section: its pointer entry in IFD0, either byte order. */
export function hasGpsSection(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) || exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]));
}

/**
 * A decompression bomb: a JPEG of a few hundred bytes whose frame header says it is
 * `width` × `height` pixels. A reader that trusts the header sets aside 1.2 GB for 20,000 ×
 * 20,000 px, and a lenient decoder fills it all in.
 */
export async function jpegBomb(width = 20_000, height = 20_000): Promise<Buffer> {
  const jpeg = Buffer.from(await jpegOf(16, 16));
  // Markers from the start: FF, the marker, a 2-byte length; the frame header (SOF0–SOF2)
  // holds the precision (1 byte), then the height and the width (2 bytes each).
  for (let offset = 2; offset + 9 <= jpeg.length && jpeg[offset] === 0xff;) {
    const marker = jpeg[offset + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, offset + 5);
      jpeg.writeUInt16BE(width, offset + 7);
      return jpeg;
    }
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error('no frame header found in the JPEG');
}

/** What a script might send instead of a picture: the start of a PDF. */
export const pdfBytes = Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');

/** An animated WebP of two frames. */
export async function animatedWebp(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 32, height: 32, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp([await frame('#2f6f8f'), await frame('#e8c547')], { join: { animated: true } })
    .webp({ loop: 0, delay: [200, 200] })
    .toBuffer();
}
