import { deferredTexts } from './add-texts';
import en from './en/contact.json';
import it from './it/contact.json';

// The Contact Us page's texts (its form, the "Message sent" dialog, the picture button) travel
// with that page's script part, as the `contact` namespace, in every language: the other pages
// never carry them.
const contact = deferredTexts('contact', { en, it });
export const useContactTexts = contact.use;
