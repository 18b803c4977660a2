import type { i18n } from 'i18next';
import { addTexts } from './add-texts';
import enLegal from './en/legal.json';
import itLegal from './it/legal.json';

// The privacy policy and the terms are long, so their texts travel with the legal pages'
// script part rather than in the first bundle, as the `legal` namespace.
export const legalResources = { en: enLegal, it: itLegal } as const;

/** Adds the legal texts to the site's i18next instance, once. */
export function addLegalTexts(instance: i18n) {
  addTexts(instance, 'legal', legalResources);
}
