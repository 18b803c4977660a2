// What happens to the picture a visitor chooses for their message, in their browser, before
// anything leaves it: the file is recognised by its first bytes (not its name or the type the
// system guessed), decoded by the browser, drawn again at most `contactPicture.maxSide` pixels
// on its longer side and encoded as WebP (JPEG where the browser cannot write WebP), smaller
// in quality and then in size until it fits `contactPicture.maxBytes`. A canvas writes pixels
// only: no EXIF, so no GPS position, camera or time, goes with it. Loaded with the picture
// control, never on a page's first visit.

/** What a file is, by its first bytes; undefined when it is none of the pictures the form takes. */
export type PictureKind = 'jpeg' | 'png' | 'webp' | 'heic';

/** Files larger than this are not opened: no phone photo is, and decoding one could exhaust a phone. */
export const maxChosenBytes = 40 * 1024 * 1024;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** HEIF brands of still pictures (iPhone photos are `heic`; `mif1` and `msf1` are the general ones). */
const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

/** Each kind by its signature: how many bytes it takes, and whether the file's first bytes are it. */
const signatures: ReadonlyArray<{ kind: PictureKind; length: number; is: (head: Uint8Array) => boolean }> = [
  { kind: 'jpeg', length: 3, is: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  { kind: 'png', length: 8, is: (head) => ascii(head, 1, 4) === 'PNG' && head[0] === 0x89 },
  { kind: 'webp', length: 12, is: (head) => ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP' },
  { kind: 'heic', length: 12, is: (head) => ascii(head, 4, 8) === 'ftyp' && heifBrands.has(ascii(head, 8, 12)) },
];

/** The kind of picture the first 12 bytes of a file announce. */
export function sniffPicture(head: Uint8Array): PictureKind | undefined {
  return signatures.find(({ length, is }) => head.length >= length && is(head))?.kind;
}

/** The size a picture is drawn at: its own, or `maxSide` on its longer side, never 0. */
export function fittedSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * What the visitor is told when a chosen file cannot be sent. `unreadable`: the browser read
 * every byte and still could not decode the picture (damaged, or a kind it cannot open);
 * `notRead`: the file's bytes could not be read at all (it changed, moved or went away after it
 * was chosen), which says nothing about the picture; `slow`: the form gave up waiting for it.
 */
export type PictureProblem = 'notPicture' | 'unreadable' | 'notRead' | 'slow' | 'heic' | 'tooLarge' | 'tooDetailed';

export type PreparedPicture = {
  bytes: Uint8Array;
  type: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
  /** The picture as sent, for the preview (an object URL the control revokes). */
  blob: Blob;
};

export type Prepared = { ok: true; picture: PreparedPicture } | { ok: false; problem: PictureProblem };

/** Draws the decoded picture at a size and encodes it: the browser's canvas, or a stand-in in unit tests. */
export type Encode = (
  size: { width: number; height: number },
  type: PreparedPicture['type'],
  quality: number,
) => Promise<Blob | null>;

/** The contract's limits (`contactPicture`), passed in by the form: this part imports nothing of the form's. */
export type PictureLimits = { maxSide: number; maxBytes: number };

/** The qualities tried at each size, best first; then the size shrinks by `shrink` and they are tried again. */
export const qualities = [0.85, 0.72, 0.6] as const;
const shrink = 0.75;
const sizesTried = 4;

/**
 * The picture encoded to fit `maxBytes`: WebP first (the browser may answer with another type
 * when it cannot write WebP: then JPEG), each quality in turn, then smaller.
 */
export async function encodeToFit(
  natural: { width: number; height: number },
  limits: PictureLimits,
  encode: Encode,
): Promise<Prepared> {
  let side = Math.max(natural.width, natural.height);
  let type: PreparedPicture['type'] = 'image/webp';
  for (let round = 0; round < sizesTried; round += 1) {
    const size = fittedSize(natural.width, natural.height, Math.min(limits.maxSide, side));
    for (const quality of qualities) {
      let blob = await encode(size, type, quality);
      if (blob && blob.type !== type && type === 'image/webp') {
        type = 'image/jpeg';
        blob = await encode(size, type, quality);
      }
      if (!blob || blob.type !== type) return { ok: false, problem: 'unreadable' };
      if (blob.size <= limits.maxBytes) {
        return { ok: true, picture: { bytes: new Uint8Array(await blob.arrayBuffer()), type, ...size, blob } };
      }
    }
    side = Math.floor(Math.min(limits.maxSide, side) * shrink);
  }
  return { ok: false, problem: 'tooDetailed' };
}

/** The file decoded by the browser, turned the way its EXIF orientation says; throws when it cannot. */
async function decode(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Some engines decode more kinds in an image element (Safari: HEIC) than in createImageBitmap.
    const image = new Image();
    const url = URL.createObjectURL(file);
    try {
      image.src = url;
      await image.decode();
      return image;
    } finally {
      URL.revokeObjectURL(url);
    }
  }
}

/** The file's bytes, or undefined when they cannot be read (read twice: a busy device may fail once). */
async function readAll(file: Blob): Promise<ArrayBuffer | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await file.arrayBuffer();
    } catch {
      if (attempt === 2) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * The chosen file decoded, or what stopped it. A chosen file is read from where it lies as it
 * is decoded: a decode that fails may be the reading's failure (the file was changed, moved or
 * synced again after it was chosen, or a busy device's storage failed once), not the picture's.
 * So a failed decode is followed by one read of the whole file: bytes that cannot be read say
 * so (`notRead`), and bytes that can are decoded again from memory, where only the picture itself
 * can fail. The usual picture is decoded straight from the file, never copied first.
 */
async function decodeChosen(file: Blob, kind: PictureKind): Promise<ImageBitmap | HTMLImageElement | PictureProblem> {
  try {
    return await decode(file);
  } catch {
    const bytes = await readAll(file);
    if (!bytes) return 'notRead';
    try {
      return await decode(new Blob([bytes], { type: file.type }));
    } catch {
      return kind === 'heic' ? 'heic' : 'unreadable';
    }
  }
}

/** The chosen file made into the picture the message carries, or what is wrong with it. */
export async function preparePicture(file: Blob, limits: PictureLimits): Promise<Prepared> {
  if (file.size > maxChosenBytes) return { ok: false, problem: 'tooLarge' };
  const head = await readAll(file.slice(0, 12));
  // Fewer bytes than the file had when chosen: it is being written again, not a picture's fault.
  if (!head || head.byteLength < Math.min(12, file.size)) return { ok: false, problem: 'notRead' };
  const kind = sniffPicture(new Uint8Array(head));
  if (!kind) return { ok: false, problem: 'notPicture' };
  const source = await decodeChosen(file, kind);
  if (typeof source === 'string') return { ok: false, problem: source };
  const natural =
    source instanceof HTMLImageElement
      ? { width: source.naturalWidth, height: source.naturalHeight }
      : { width: source.width, height: source.height };
  if (natural.width === 0 || natural.height === 0) return { ok: false, problem: 'unreadable' };
  const canvas = document.createElement('canvas');
  try {
    return await encodeToFit(natural, limits, async (size, type, quality) => {
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (!context) return null;
      // JPEG has no transparency: what is transparent in a PNG becomes white, not black.
      context.fillStyle = '#ffffff';
      if (type === 'image/jpeg') context.fillRect(0, 0, size.width, size.height);
      else context.clearRect(0, 0, size.width, size.height);
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = 'high';
      context.drawImage(source, 0, 0, size.width, size.height);
      return new Promise<Blob | null>((resolve) => {
        canvas.toBlob(resolve, type, quality);
      });
    });
  } finally {
    if (!(source instanceof HTMLImageElement)) source.close();
    // Frees the canvas's memory at once (a phone keeps few of these).
    canvas.width = 0;
    canvas.height = 0;
  }
}
