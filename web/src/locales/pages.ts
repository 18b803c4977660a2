import { deferredTexts } from './add-texts';
import en from './en/pages.json';
import it from './it/pages.json';

// The texts of the pages other than home (features, plans, download, not found) travel
// with those pages' script parts, as the `pages` namespace, in every language (a few kilobytes).
const pages = deferredTexts('pages', { en, it });
export const pageResources = pages.resources;
export const usePageTexts = pages.use;
