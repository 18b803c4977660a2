import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addTexts } from './add-texts';
import enMembers from './en/members.json';
import itMembers from './it/members.json';

// The texts of the members' pages (the email action page and the Account page) travel with
// those pages' script parts, as the `members` namespace, so the other pages never carry them.
export const memberResources = { en: enMembers, it: itMembers } as const;

/** Adds the members' texts to the site's i18next instance, once. */
export function addMemberTexts(instance: i18n) {
  addTexts(instance, 'members', memberResources);
}

/** `useTranslation` for the `members` namespace, with its texts added first. */
export function useMemberTexts() {
  const { i18n } = useTranslation();
  addMemberTexts(i18n);
  return useTranslation('members');
}
