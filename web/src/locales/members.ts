import { deferredTexts } from './add-texts';
import en from './en/members.json';
import it from './it/members.json';

// The texts of the members' pages (the email action page and the Account page) travel with
// those pages' script parts, as the `members` namespace, so the other pages never carry them.
const members = deferredTexts('members', { en, it });
export const memberResources = members.resources;
export const useMemberTexts = members.use;
