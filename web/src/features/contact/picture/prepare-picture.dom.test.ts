// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactPicture } from '@contracts/contact-message';
import { preparePicture } from './prepare-picture';

// preparePicture in a page, with the browser's parts it uses played by stand-ins (jsdom decodes
// and draws nothing): what a decode that fails is taken to mean. A chosen file is read from
// where it lies while it is decoded, so a failed decode may be the file's reading failing (it
// was written again after it was chosen: Chromium then refuses every read of it with
// NotReadableError), which must never be told to the visitor as a damaged picture.

const jpegHead = [0xff, 0xd8, 0xff, 0xe1, 0, 0, 0x45, 0x78, 0x69, 0x66, 0, 0];

/** A chosen file whose reads fail from the `failFrom`th on (the first is the 12 bytes sniffed). */
function chosenFile(failFrom: number): { file: File; reads: () => number } {
  let reads = 0;
  const refuse = () => {
    reads += 1;
    return reads >= failFrom;
  };
  const notReadable = () => new DOMException('The requested file could not be read.', 'NotReadableError');
  class ChosenFile extends File {
    override slice(start?: number, end?: number): Blob {
      const part = super.slice(start, end);
      return Object.assign(part, {
        arrayBuffer: () => (refuse() ? Promise.reject(notReadable()) : Blob.prototype.arrayBuffer.call(part)),
      });
    }
    override arrayBuffer(): Promise<ArrayBuffer> {
      return refuse() ? Promise.reject(notReadable()) : super.arrayBuffer();
    }
  }
  const file = new ChosenFile([new Uint8Array([...jpegHead, ...new Array<number>(500).fill(7)])], 'catch.jpg', {
    type: 'image/jpeg',
  });
  return { file, reads: () => reads };
}

/** The browser's decoder: each call answers with the next outcome ('fail' rejects as Chromium does). */
function decoder(...outcomes: Array<'fail' | 'ok'>) {
  const decoded: Blob[] = [];
  const decode = vi.fn((source: Blob) => {
    decoded.push(source);
    if ((outcomes.shift() ?? 'fail') === 'fail') {
      return Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'));
    }
    return Promise.resolve({ width: 4000, height: 3000, close: vi.fn() });
  });
  vi.stubGlobal('createImageBitmap', decode);
  return decoded;
}

beforeEach(() => {
  // A canvas that writes what it is asked for, small enough to fit at once.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    fillRect: vi.fn(),
    clearRect: vi.fn(),
    drawImage: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback, type) {
    callback(new Blob([new Uint8Array(2000)], { type }));
  });
  // The fallback, an image element, fails as the bitmap did (jsdom has neither its decode nor object URLs).
  Object.assign(HTMLImageElement.prototype, {
    decode: () => Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError')),
  });
  Object.assign(URL, { createObjectURL: () => 'blob:stand-in', revokeObjectURL: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('preparePicture, when the browser cannot decode the chosen file', () => {
  it('says the file could not be read, not that it is damaged, when its bytes cannot be read', async () => {
    // Sniffed, then written again: the decode and every later read fail.
    const { file, reads } = chosenFile(2);
    decoder('fail', 'fail');
    expect(await preparePicture(file, contactPicture)).toEqual({ ok: false, problem: 'notRead' });
    expect(reads()).toBe(3); // the head, then the whole file twice
  });

  it('says the file could not be read when even its first bytes cannot be', async () => {
    const { file } = chosenFile(1);
    decoder('ok');
    expect(await preparePicture(file, contactPicture)).toEqual({ ok: false, problem: 'notRead' });
  });

  it('says the file could not be read when it holds fewer bytes than when it was chosen (being written again)', async () => {
    class Truncated extends File {
      override get size() {
        return 4_000_000;
      }
    }
    decoder('ok');
    const file = new Truncated([], 'catch.jpg', { type: 'image/jpeg' });
    expect(await preparePicture(file, contactPicture)).toEqual({ ok: false, problem: 'notRead' });
  });

  it('decodes the bytes again from memory when a decode failed but the file reads, and prepares the picture', async () => {
    const { file } = chosenFile(Infinity);
    const decoded = decoder('fail', 'ok');
    const prepared = await preparePicture(file, contactPicture);
    expect(prepared.ok && prepared.picture).toMatchObject({ width: 1600, height: 1200, type: 'image/webp' });
    expect(decoded[0]).toBe(file);
    expect(decoded[1]).not.toBe(file);
    expect(decoded[1]?.size).toBe(file.size);
  });

  it('says a picture is damaged only when its bytes, all read, still cannot be decoded', async () => {
    const { file } = chosenFile(Infinity);
    decoder('fail', 'fail');
    expect(await preparePicture(file, contactPicture)).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('decodes a readable picture straight from the file, without copying it first', async () => {
    const { file, reads } = chosenFile(Infinity);
    const decoded = decoder('ok');
    expect((await preparePicture(file, contactPicture)).ok).toBe(true);
    expect(decoded).toEqual([file]);
    expect(reads()).toBe(1);
  });
});
