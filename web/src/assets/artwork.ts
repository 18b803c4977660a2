import type { Language } from '../config/languages';
import { backgrounds, phones } from './artwork/manifest.json';

// The site's raster artwork, made by `npm run artwork` (the artwork/ package) into ./artwork.
// Vite gives every file a hashed URL under static/media; this module turns the files into
// responsive sources (AVIF first, WebP as the fallback) by their names:
//   backgrounds/background-<n>-<width>.<format>   phones/<language>/<screen>-<width>.<format>

export type ImageFormat = 'avif' | 'webp';

/** One image in every size and format, ready for `<picture>`. */
export interface ResponsiveImage {
  /** `srcset` per format, AVIF first. */
  sources: Record<ImageFormat, string>;
  /** The smallest WebP, for `<img src>`. */
  fallback: string;
  /** Intrinsic size of the largest file, so the layout reserves the space. */
  width: number;
  height: number;
}

/** Files by their path under ./artwork (`import.meta.glob` with `query: '?url'`, eager). */
export type ArtworkFiles = Record<string, string>;

// What the home page's first screen shows: the background photos and the phone beside the
// heading. The other screenshots are in phone-screens.ts, with the parts that show them.
const files: ArtworkFiles = import.meta.glob<string>(
  ['./artwork/backgrounds/*.{avif,webp}', './artwork/phones/*/hero-*.{avif,webp}'],
  { eager: true, query: '?url', import: 'default' },
);

function find(files: ArtworkFiles, path: string): string {
  const url = files[`./artwork/${path}`];
  if (url === undefined) throw new Error(`Missing artwork ${path}; run npm run artwork`);
  return url;
}

function responsive(files: ArtworkFiles, name: string, widths: readonly number[], height: number): ResponsiveImage {
  const srcset = (format: ImageFormat) =>
    widths.map((width) => `${find(files, `${name}-${width}.${format}`)} ${width}w`).join(', ');
  const smallest = Math.min(...widths);
  const largest = Math.max(...widths);
  return {
    sources: { avif: srcset('avif'), webp: srcset('webp') },
    fallback: find(files, `${name}-${smallest}.webp`),
    width: largest,
    height,
  };
}

const [aspectWidth, aspectHeight] = backgrounds.aspect as [number, number];
const largestBackground = Math.max(...backgrounds.widths);

/** The home page's background photos, in their first order. */
export const backgroundPhotos: readonly ResponsiveImage[] = Array.from({ length: backgrounds.count }, (_, i) =>
  responsive(
    files,
    `backgrounds/background-${String(i + 1)}`,
    backgrounds.widths,
    Math.round((largestBackground * aspectHeight) / aspectWidth),
  ),
);

/** The smallest size of a background photo, for the thumbnail strip. */
export function backgroundThumbnail(photo: ResponsiveImage, format: ImageFormat): string {
  return photo.sources[format].split(', ')[0]?.split(' ')[0] ?? photo.fallback;
}

export type PhoneScreen =
  'hero' | 'map' | 'feed' | 'log' | 'forecast' | 'tides' | 'temperature' | 'profile' | 'catch' | 'location';

/** Screenshots exist in Italian and in English; English serves every other language. */
export function screenshotLanguage(language: Language): Language {
  return language === 'it' ? 'it' : 'en';
}

/** A mock screen of the app framed in a phone, in the visitor's language, from `files`. */
export function phoneImageIn(files: ArtworkFiles, screen: PhoneScreen, language: Language): ResponsiveImage {
  return responsive(files, `phones/${screenshotLanguage(language)}/${screen}`, phones.widths, phones.height);
}

/** The phone beside the home page's heading, in the visitor's language. */
export function heroPhone(language: Language): ResponsiveImage {
  return phoneImageIn(files, 'hero', language);
}
