import { use, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { LegalDocumentName } from '../../build/legal-texts';
import type { Language } from '../config/languages';
import { useLanguage, useTextsForEveryLanguage } from './language';

// The privacy policy and the terms are long: each page loads only its own document's texts, in
// its own language, as a script part of its own (`virtual:legal-texts/<document>-<language>`,
// cut from locales/<language>/legal.json at build: build/legal-texts.ts), into the `legal`
// namespace under the document's name. The prerendered page lists that part among those the
// browser fetches first (build/prerender.ts); a switch of language fetches the other one before
// the page changes language (locales/language.tsx).

type Texts = Record<string, unknown>;

const parts: Record<LegalDocumentName, Record<Language, () => Promise<{ default: Texts }>>> = {
  privacy: {
    en: () => import('virtual:legal-texts/privacy-en'),
    it: () => import('virtual:legal-texts/privacy-it'),
  },
  terms: {
    en: () => import('virtual:legal-texts/terms-en'),
    it: () => import('virtual:legal-texts/terms-it'),
  },
};

const loading = new Map<string, Promise<Texts>>();

/** Loads a document's texts in a language (once; later calls share the first; a failure may be tried again). */
export function loadLegalTexts(document: LegalDocumentName, language: Language): Promise<Texts> {
  const key = `${document}/${language}`;
  const known = loading.get(key);
  if (known) return known;
  const started = parts[document][language]().then(
    (module) => module.default,
    (error: unknown) => {
      loading.delete(key);
      throw error;
    },
  );
  // Marked as React marks a promise it has seen settle, so a page whose texts are here renders
  // at once (`use` reads the value) instead of waiting a turn.
  void started.then(
    (value) => Object.assign(started, { status: 'fulfilled', value }),
    () => undefined,
  );
  loading.set(key, started);
  return started;
}

/**
 * Loads both documents in every language now (a test that renders the legal pages, before it
 * looks at them: a part's first load there may take longer than a look waits).
 */
export function loadEveryLegalText(): Promise<unknown> {
  return Promise.all(
    (Object.keys(parts) as LegalDocumentName[]).flatMap((document) =>
      (Object.keys(parts[document]) as Language[]).map((language) => loadLegalTexts(document, language)),
    ),
  );
}

function addLegalTexts(instance: I18n, document: LegalDocumentName, language: Language, texts: Texts) {
  // Its own language's resource, not `exists`, which would find the English one as a fallback.
  if (instance.getResource(language, 'legal', document) === undefined)
    instance.addResourceBundle(language, 'legal', { [document]: texts }, true, true);
}

/**
 * `useTranslation` for the `legal` namespace, with `document`'s texts in the page's language
 * there first: until they have loaded the page waits (Suspense; a prerendered page keeps its
 * HTML meanwhile).
 */
export function useLegalTexts(document: LegalDocumentName) {
  const { i18n } = useTranslation();
  const language = useLanguage();
  useTextsForEveryLanguage(
    useCallback(
      async (other: Language) => {
        addLegalTexts(i18n, document, other, await loadLegalTexts(document, other));
      },
      [i18n, document],
    ),
  );
  addLegalTexts(i18n, document, language, use(loadLegalTexts(document, language)));
  return useTranslation('legal');
}
