import { deferredTexts } from './add-texts';
import en from './en/footer.json';
import it from './it/footer.json';

// Every page's footer hydrates when it nears the screen (components/layout/shell.tsx): its texts
// travel with its script part, as the `footer` namespace, in every language.
const footer = deferredTexts('footer', { en, it });
export const useFooterTexts = footer.use;
