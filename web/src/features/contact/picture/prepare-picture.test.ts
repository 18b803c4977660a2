import { describe, expect, it } from 'vitest';
import { contactPicture } from '@contracts/contact-message';
import { encodeToFit, fittedSize, qualities, sniffPicture, type Encode } from './prepare-picture';

/** Bytes from numbers and Latin-1 strings, as a file starts. */
const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === 'string' ? Array.from({ length: value.length }, (_, index) => value.charCodeAt(index)) : [value],
    ),
  );

describe('sniffPicture', () => {
  it('knows the kinds the form takes by their first bytes', () => {
    expect(sniffPicture(bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0))).toBe('jpeg');
    expect(sniffPicture(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffPicture(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
    expect(sniffPicture(bytes(0, 0, 0, 0x18, 'ftyp', 'heic'))).toBe('heic');
    expect(sniffPicture(bytes(0, 0, 0, 0x18, 'ftyp', 'mif1'))).toBe('heic');
  });

  it('knows nothing else, whatever the file is called: a PDF, a video, text, too few bytes', () => {
    expect(sniffPicture(bytes('%PDF-1.7\n%âãÏÓ'))).toBeUndefined();
    expect(sniffPicture(bytes(0, 0, 0, 0x18, 'ftyp', 'mp42'))).toBeUndefined();
    expect(sniffPicture(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(sniffPicture(bytes('hello world!'))).toBeUndefined();
    expect(sniffPicture(bytes(0xff, 0xd8))).toBeUndefined();
  });
});

describe('fittedSize', () => {
  it('brings the longer side to the limit and keeps the shape', () => {
    expect(fittedSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(1170, 2532, 1600)).toEqual({ width: 739, height: 1600 });
  });
  it('never enlarges, and never makes a side 0', () => {
    expect(fittedSize(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fittedSize(20_000, 1, 1600)).toEqual({ width: 1600, height: 1 });
  });
});

/** A stand-in encoder: `bytesAt` says how large the picture comes out at a size and quality. */
function encoder(bytesAt: (pixels: number, quality: number) => number, writes: 'webp' | 'jpeg only' = 'webp') {
  const calls: Array<{ width: number; height: number; type: string; quality: number }> = [];
  const encode: Encode = (size, type, quality) => {
    calls.push({ ...size, type, quality });
    const written = writes === 'jpeg only' && type === 'image/webp' ? 'image/png' : type;
    return Promise.resolve(new Blob([new Uint8Array(bytesAt(size.width * size.height, quality))], { type: written }));
  };
  return { encode, calls };
}

describe('encodeToFit', () => {
  const limits = { maxSide: 1600, maxBytes: 1000 };

  it('writes WebP at the best quality when it fits', async () => {
    const { encode, calls } = encoder(() => 500);
    const result = await encodeToFit({ width: 4000, height: 3000 }, limits, encode);
    expect(result.ok && result.picture).toMatchObject({ type: 'image/webp', width: 1600, height: 1200 });
    expect(result.ok && result.picture.bytes.length).toBe(500);
    expect(calls).toEqual([{ width: 1600, height: 1200, type: 'image/webp', quality: qualities[0] }]);
  });

  it('writes JPEG where the browser cannot write WebP (it answers with another type)', async () => {
    const { encode } = encoder(() => 500, 'jpeg only');
    const result = await encodeToFit({ width: 1000, height: 800 }, limits, encode);
    expect(result.ok && result.picture.type).toBe('image/jpeg');
  });

  it('lowers the quality, then the size, until the picture fits the limit', async () => {
    // Fits only below 1,600 × 1,200 px and at the lowest quality.
    const { encode, calls } = encoder((pixels, quality) => (pixels < 1600 * 1200 && quality < 0.7 ? 900 : 5000));
    const result = await encodeToFit({ width: 4000, height: 3000 }, limits, encode);
    expect(result.ok && result.picture).toMatchObject({ width: 1200, height: 900 });
    expect(calls.map(({ width, quality }) => [width, quality])).toEqual([
      ...qualities.map((quality) => [1600, quality]),
      ...qualities.map((quality) => [1200, quality]),
    ]);
  });

  it('gives up, saying so, when nothing fits', async () => {
    const { encode } = encoder(() => 5000);
    expect(await encodeToFit({ width: 4000, height: 3000 }, limits, encode)).toEqual({
      ok: false,
      problem: 'tooDetailed',
    });
  });

  it('says the picture cannot be read when the browser cannot encode it', async () => {
    expect(await encodeToFit({ width: 10, height: 10 }, limits, () => Promise.resolve(null))).toEqual({
      ok: false,
      problem: 'unreadable',
    });
  });

  it('keeps to the limits of the contract', async () => {
    const { encode, calls } = encoder(() => contactPicture.maxBytes);
    const result = await encodeToFit({ width: 3200, height: 100 }, contactPicture, encode);
    expect(result.ok).toBe(true);
    expect(calls[0]).toMatchObject({ width: contactPicture.maxSide });
  });
});
