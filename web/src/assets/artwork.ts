import type { Language } from '../config/languages';
import manifest from './artwork/manifest.json';

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

const files = import.meta.glob<string>('./artwork/**/*.{avif,webp}', {
  eager: true,
  query: '?url',
  import: 'default',
});

function find(path: string): string {
  const url = files[`./artwork/${path}`];
  if (url === undefined) throw new Error(`Missing artwork ${path}; run npm run artwork`);
  return url;
}

function responsive(name: string, widths: readonly number[], height: number): ResponsiveImage {
  const srcset = (format: ImageFormat) =>
    widths.map((width) => `${find(`${name}-${width}.${format}`)} ${width}w`).join(', ');
  const smallest = Math.min(...widths);
  const largest = Math.max(...widths);
  return {
    sources: { avif: srcset('avif'), webp: srcset('webp') },
    fallback: find(`${name}-${smallest}.webp`),
    width: largest,
    height,
  };
}

const [aspectWidth, aspectHeight] = manifest.backgrounds.aspect as [number, number];
const largestBackground = Math.max(...manifest.backgrounds.widths);

/** The home page's background photos, in their first order. */
export const backgroundPhotos: readonly ResponsiveImage[] = Array.from({ length: manifest.backgrounds.count }, (_, i) =>
  responsive(
    `backgrounds/background-${String(i + 1)}`,
    manifest.backgrounds.widths,
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

/** A mock screen of the app framed in a phone, in the visitor's language. */
export function phoneImage(screen: PhoneScreen, language: Language): ResponsiveImage {
  return responsive(`phones/${screenshotLanguage(language)}/${screen}`, manifest.phones.widths, manifest.phones.height);
}
