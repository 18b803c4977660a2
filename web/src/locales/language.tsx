// The page's language: the one way components read it (`useLanguage`) and the one way the site
// changes it (`switchLanguage`), which says what the change touches besides the texts. Nothing
// outside locales/ reads or sets i18next's language itself (an ESLint rule keeps it so).
import type { i18n as I18n } from 'i18next';
import { createContext, use, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from '../config/languages';
import { loadLanguage, saveLanguageCookie } from './i18n';

/** The page's language; the component renders again when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Moves the address bar to a language's own address (`/features` ↔ `/it/features`). */
export type AddressMover = (language: Language) => void;

export type LanguageSwitch = {
  /** Saves the choice in Hosting's language cookie: only a choice the visitor made. */
  save: boolean;
  /** Moves the address to the language's own address, so that it names the language. */
  moveAddress?: AddressMover | undefined;
};

/** The texts the parts shown load per language themselves (`useTextsForEveryLanguage`). */
const shownPageTexts = new Set<(language: Language) => Promise<void>>();

/**
 * While the component is shown, a switch of language also runs `load` (memoised) for the new
 * language before the page changes: a part that fetches its own texts in the page's language
 * only (a legal document) never waits on screen after a switch.
 */
export function useTextsForEveryLanguage(load: (language: Language) => Promise<void>) {
  useEffect(() => {
    shownPageTexts.add(load);
    return () => {
      shownPageTexts.delete(load);
    };
  }, [load]);
}

/**
 * Switches the site to `language`: fetches its texts unless they are there, then shows them;
 * `save` and `moveAddress` say what else changes. Until a visitor chooses, Hosting follows the
 * browser's languages.
 */
export async function switchLanguage(i18n: I18n, language: Language, { save, moveAddress }: LanguageSwitch) {
  if (save) saveLanguageCookie(language);
  await Promise.all([loadLanguage(i18n, language), ...[...shownPageTexts].map((load) => load(language))]);
  await i18n.changeLanguage(language);
  moveAddress?.(language);
}

/** The app's way to move the address for a language (app/app.tsx provides it). */
export const AddressMoverContext = createContext<AddressMover | undefined>(undefined);

/**
 * `switchLanguage` for a component: `moveAddress: true` moves the address as the app does it
 * (nothing moves where no app provides a mover, as in a unit test).
 */
export function useSwitchLanguage() {
  const { i18n } = useTranslation();
  const mover = use(AddressMoverContext);
  return useCallback(
    (language: Language, { save, moveAddress }: { save: boolean; moveAddress: boolean }) =>
      switchLanguage(i18n, language, { save, moveAddress: moveAddress ? mover : undefined }),
    [i18n, mover],
  );
}
