import { deferredTexts } from './add-texts';
import en from './en/known-problems-page.json';
import it from './it/known-problems-page.json';

// The history page's words (namespace `knownProblemsPage`): each state's and part's name and the
// feed's title too, which the functions' build takes for the feeds
// (scripts/lib/known-problems-facts.ts). With that page alone.
const knownProblemsPage = deferredTexts('knownProblemsPage', { en, it });
export const useKnownProblemsPageTexts = knownProblemsPage.use;
