import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addTexts } from './add-texts';
import enPages from './en/pages.json';
import itPages from './it/pages.json';

// The texts of the pages other than home (features, plans, download, contact, email
// verification, not found) travel with those pages' script parts rather than in the first
// bundle, as the `pages` namespace, in every language (a few kilobytes).
export const pageResources = { en: enPages, it: itPages } as const;

/** Adds the pages' texts to the site's i18next instance, once. */
export function addPageTexts(instance: i18n) {
  addTexts(instance, 'pages', pageResources);
}

/** `useTranslation` for the `pages` namespace, with its texts added first. */
export function usePageTexts() {
  const { i18n } = useTranslation();
  addPageTexts(i18n);
  return useTranslation('pages');
}
