import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/app';
import { createI18n } from '../locales/i18n';
import type { Language } from '../config/languages';
import { resources } from '../locales/resources';

/** Renders the whole site at `path` in `language`, as a visitor would land on it. */
export function renderSite(path: string, language: Language = 'en') {
  const i18n = createI18n(language, { [language]: resources[language] });
  const location = memoryLocation({ path, record: true });
  return { i18n, location, ...render(<App i18n={i18n} location={location.hook} />) };
}
