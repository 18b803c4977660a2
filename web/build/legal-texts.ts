import { join } from 'node:path';
import type { Plugin } from 'vite';
import { languages, type Language } from '../src/config/languages.ts';
import { readTextFile } from './fact-texts.ts';
import { virtualModules } from './virtual-modules.ts';

/** The legal documents, each a page of its own (src/pages/<document>.tsx). */
export const legalDocuments = ['privacy', 'terms'] as const;
export type LegalDocumentName = (typeof legalDocuments)[number];

/** The module a document's texts in a language are imported from: `virtual:legal-texts/privacy-it`. */
const prefix = 'virtual:legal-texts/';

export function legalTextsModule(document: LegalDocumentName, language: Language): string {
  return `${prefix}${document}-${language}`;
}

/**
 * Cuts each legal document's texts in each language out of locales/<language>/legal.json when
 * the site is built, as the module `virtual:legal-texts/<document>-<language>` (its default
 * export: that document's part of the file, with config's answers to the app facts:
 * build/fact-texts.ts): a legal page loads its own document in its own language, not both
 * documents in every language (src/locales/legal.ts).
 */
export function legalTextsAtBuild(): Plugin {
  return virtualModules('legal-texts', (key, source) => {
    const [document, language] = key.split('-');
    if (
      !(legalDocuments as readonly string[]).includes(document ?? '') ||
      !(languages as readonly string[]).includes(language ?? '')
    )
      throw new Error(`No legal texts "${prefix}${key}".`);
    const file = join(source, 'locales', language ?? '', 'legal.json');
    const value = readTextFile<Record<string, unknown>>(file)[document ?? ''];
    if (value === undefined) throw new Error(`locales/${language ?? ''}/legal.json has no "${document ?? ''}".`);
    return { value, files: [file] };
  });
}
