import type { Language } from '../config/languages';
import { loadLegalTexts } from '../locales/legal';
import { LegalDocument } from './legal-document';

/** Its texts in the page's language, a part of their own (locales/legal.ts). */
export const ready = (language: Language) => loadLegalTexts('terms', language);

export default function TermsPage() {
  return <LegalDocument document="terms" />;
}
