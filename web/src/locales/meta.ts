import { deferredTexts } from './add-texts';
import en from './en/meta.json';
import it from './it/meta.json';

// What search engines and link previews read (namespace `meta`): each page's title and
// description, the share image's description, the app's description and offers. Only the
// prerenderer and the head updater read them (seo/page-head.ts).
export const metaTexts = deferredTexts('meta', { en, it });
