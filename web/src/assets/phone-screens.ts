import type { Language } from '../config/languages';
import { phoneImageIn, type ArtworkFiles, type PhoneScreen, type ResponsiveImage } from './artwork';

// The app's screenshots other than the home page's first screen (artwork.ts has that one): they
// travel with the parts that show them, the features page and the home page's slideshow.
const files: ArtworkFiles = import.meta.glob<string>(['./artwork/phones/*/*.{avif,webp}', '!**/hero-*'], {
  eager: true,
  query: '?url',
  import: 'default',
});

/** A screen of the app shown beyond the home page's first screen. */
export type Screenshot = Exclude<PhoneScreen, 'hero'>;

/** A mock screen of the app framed in a phone, in the visitor's language. */
export function phoneImage(screen: Screenshot, language: Language): ResponsiveImage {
  return phoneImageIn(files, screen, language);
}
