import { deferredTexts } from './add-texts';
import en from './en/account.json';
import it from './it/account.json';

// The Account page's texts travel with that page's script part, as the `account` namespace:
// no other page carries them (the email action page has its own, in `members`).
const account = deferredTexts('account', { en, it });
export const accountResources = account.resources;
export const useAccountTexts = account.use;
