import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contactPicture } from '../contracts/contact-message.js';
import {
  animatedWebp,
  cameraDetails,
  hasGpsSection,
  jpegBomb,
  jpegOf,
  pdfBytes,
  photoWithLocation,
} from './picture-samples.js';
import { jpegScans, maxJpegScans, readMailPicture, readPicture, type PictureResult } from './picture.js';

const reasonOf = (result: PictureResult) => (result.ok ? undefined : result.reason);

describe('progressive JPEGs', () => {
  it('reads one with the scans an encoder writes', async () => {
    const progressive = await sharp(await jpegOf(800, 600))
      .jpeg({ progressive: true })
      .toBuffer();
    expect((await sharp(progressive).metadata()).isProgressive).toBe(true);
    expect(jpegScans(progressive)).toBeGreaterThan(1);
    expect(jpegScans(progressive)).toBeLessThanOrEqual(maxJpegScans);
    expect(await readPicture(progressive)).toMatchObject({ ok: true, width: 800, height: 600 });
  });

  it('refuses one of more scans than that before decoding a pixel, saying how many', async () => {
    const progressive = await sharp(await jpegOf(800, 600))
      .jpeg({ progressive: true })
      .toBuffer();
    // Scans added before the end marker: each would refine the whole picture once more.
    const scan = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
    const many = Buffer.concat([
      progressive.subarray(0, -2),
      ...Array.from({ length: 200 }, () => scan),
      progressive.subarray(-2),
    ]);
    const scans = jpegScans(many);
    expect(scans).toBeGreaterThan(200);
    expect(reasonOf(await readPicture(many))).toBe(
      `is a progressive JPEG of ${String(scans)} scans, more than the ${String(maxJpegScans)} read`,
    );
  });

  it('counts no scan in a baseline JPEG but its one', async () => {
    expect(jpegScans(await jpegOf(400, 300))).toBe(1);
  });
});

describe('the deadline of a read', () => {
  it('leaves a picture out when its read does not end in time, and does not wait for it', async () => {
    const photo = await photoWithLocation(1600, 1200);
    const started = Date.now();
    expect(reasonOf(await readMailPicture({ kind: 'bytes', bytes: photo }, 1))).toBe(
      'was not read within 0.001 s, so the message went without it',
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    // The read in line after it is not held up by it.
    expect(await readMailPicture({ kind: 'bytes', bytes: await jpegOf(400, 300) })).toMatchObject({ ok: true });
  });
});

describe('readPicture', () => {
  it('draws a phone photo again as WebP of the same size, without its metadata (camera, GPS position)', async () => {
    const input = await photoWithLocation(1200, 900);
    // The photo as written does carry the camera, a GPS section, XMP and a colour profile.
    const written = await sharp(input).metadata();
    expect(written.format).toBe('jpeg');
    expect(written.exif?.includes(cameraDetails.model)).toBe(true);
    expect(written.exif && hasGpsSection(written.exif)).toBe(true);
    expect(written.xmpAsString).toContain('GPSLatitude');
    expect(written.icc).toBeDefined();

    const result = await readPicture(input);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    expect(result).toMatchObject({ width: 1200, height: 900 });
    const attached = await sharp(result.webp).metadata();
    expect(attached).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(attached.exif).toBeUndefined();
    expect(attached.xmp).toBeUndefined();
    expect(attached.icc).toBeUndefined();
    expect(result.webp.includes(cameraDetails.model)).toBe(false);
    expect(result.webp.includes(cameraDetails.make)).toBe(false);
  });

  it('takes the WebP the site writes', async () => {
    const webp = await sharp(await jpegOf(400, 300))
      .webp()
      .toBuffer();
    expect(await readPicture(webp)).toMatchObject({ ok: true, width: 400, height: 300 });
  });

  it('turns the pixels as an EXIF orientation says, since the tag itself is not kept', async () => {
    const sideways = await sharp(await jpegOf(120, 90))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await readPicture(sideways);
    expect(result).toMatchObject({ ok: true, width: 90, height: 120 });
    if (result.ok) expect((await sharp(result.webp).metadata()).orientation).toBeUndefined();
  });

  it('takes a picture of 1,600 px on a side, and refuses one of 1,601', async () => {
    expect(await readPicture(await jpegOf(1600, 8))).toMatchObject({ ok: true, width: 1600, height: 8 });
    expect(reasonOf(await readPicture(await jpegOf(8, 1601)))).toBe('is 8 × 1601 px, more than 1600 px on a side');
  });

  it('refuses a picture over 1,600 px on a side', async () => {
    expect(reasonOf(await readPicture(await jpegOf(2000, 1500)))).toBe(
      'is 2000 × 1500 px, more than 1600 px on a side',
    );
  });

  it('refuses a decompression bomb from its header, before decoding a pixel', async () => {
    const bomb = await jpegBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1_000);
    await readPicture(await jpegOf(8, 8)); // sharp loaded, so only the bomb is timed
    const started = performance.now();
    const result = await readPicture(bomb);
    expect(performance.now() - started).toBeLessThan(250);
    // Had it been decoded, its missing data would have made it "could not be decoded".
    expect(reasonOf(result)).toBe('is 20000 × 20000 px, more than 1600 px on a side');
  });

  it('refuses bytes over the limit without looking at them', async () => {
    const over = new Uint8Array(contactPicture.maxBytes + 1);
    over.set(await jpegOf(8, 8));
    expect(reasonOf(await readPicture(over))).toBe(
      `is ${contactPicture.maxBytes + 1} bytes, more than the ${contactPicture.maxBytes} allowed`,
    );
  });

  it.each([
    ['a PDF', () => Promise.resolve(pdfBytes), 'is not a JPEG or WebP image (pdf)'],
    [
      'a PNG',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#2f6f8f' } })
          .png()
          .toBuffer(),
      'is not a JPEG or WebP image (png)',
    ],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#2f6f8f' } })
          .gif()
          .toBuffer(),
      'is not a JPEG or WebP image (gif)',
    ],
    [
      'an SVG',
      () => Promise.resolve(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>')),
      'is not a JPEG or WebP image',
    ],
    ['text', () => Promise.resolve(Buffer.from('hello')), 'is not a JPEG or WebP image'],
    ['nothing', () => Promise.resolve(Buffer.alloc(0)), 'is empty'],
    [
      'a JPEG start with nothing after it',
      () => Promise.resolve(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])),
      'could not be decoded',
    ],
    [
      'a WebP start with nothing after it',
      () => Promise.resolve(Buffer.from('RIFF\x10\0\0\0WEBPVP8 ')),
      'could not be decoded',
    ],
    [
      'a JPEG cut short',
      async () => {
        const jpeg = await jpegOf(64, 64);
        return jpeg.subarray(0, jpeg.length - 40);
      },
      'could not be decoded',
    ],
    ['an animated WebP', animatedWebp, 'is an animation of 2 frames, not one picture'],
  ])('refuses %s', async (_, bytes, reason) => {
    expect(reasonOf(await readPicture(await bytes()))).toBe(reason);
  });
});

describe('readPicture, several at once', () => {
  it('reads each, one after another, a refusal in between stopping none', async () => {
    const [a, b, c] = await Promise.all([jpegOf(300, 200), jpegBomb(), jpegOf(200, 300)]);
    const results = await Promise.all([a, b, c, a].map((bytes) => readPicture(bytes)));
    expect(results.map((result) => (result.ok ? `${result.width}×${result.height}` : result.reason))).toEqual([
      '300×200',
      'is 20000 × 20000 px, more than 1600 px on a side',
      '200×300',
      '300×200',
    ]);
  });
});

describe('readMailPicture', () => {
  it('reads bytes, and passes on a picture refused when the document was read', async () => {
    expect(await readMailPicture({ kind: 'bytes', bytes: pdfBytes })).toEqual({
      ok: false,
      reason: 'is not a JPEG or WebP image (pdf)',
    });
    expect(await readMailPicture({ kind: 'refused', reason: 'is text, not bytes' })).toEqual({
      ok: false,
      reason: 'is text, not bytes',
    });
    expect(await readMailPicture({ kind: 'bytes', bytes: await jpegOf(40, 30) })).toMatchObject({ ok: true });
  });
});
