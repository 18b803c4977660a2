import { deferredTexts } from './add-texts';
import en from './en/help-copy.json';
import it from './it/help-copy.json';

// What the end of the help centre's page says of its copy on the device, and the other
// languages kept on request (features/help/copy/help-copy-kept.tsx): shown once the copy is
// kept, so its texts travel with its script part, as the `helpCopy` namespace, in every language.
const helpCopy = deferredTexts('helpCopy', { en, it });
export const useHelpCopyTexts = helpCopy.use;
