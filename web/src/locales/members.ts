import { deferredTexts } from './add-texts';
import en from './en/members.json';
import it from './it/members.json';

// The texts of the email action page (the links in members' account emails) travel with
// that page's script part, as the `members` namespace, so the other pages never carry them.
const members = deferredTexts('members', { en, it });
export const memberResources = members.resources;
export const useMemberTexts = members.use;
