import { deferredTexts } from './add-texts';
import en from './en/outbox.json';
import it from './it/outbox.json';

// What the outbox says of the messages kept on the phone (features/contact/outbox-notes.tsx):
// shown on any page where one waits, so its texts travel with its script part, as the `outbox`
// namespace, in every language.
const outbox = deferredTexts('outbox', { en, it });
export const useOutboxTexts = outbox.use;
