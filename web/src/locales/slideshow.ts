import { deferredTexts } from './add-texts';
import en from './en/slideshow.json';
import it from './it/slideshow.json';

// The home page's screenshot slideshow hydrates when it nears the screen (pages/home.tsx): its
// texts travel with its script part, as the `slideshow` namespace, in every language.
const slideshow = deferredTexts('slideshow', { en, it });
export const useSlideshowTexts = slideshow.use;
