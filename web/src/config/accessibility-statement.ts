// The facts the accessibility statement (pages/accessibility.tsx) states beside the test
// suite's own (build/accessibility-checks.ts): how far the website conforms and to what, when
// the statement was prepared and last reviewed, what it claims as a disproportionate burden,
// where the app's own statement is (or that the app shares the website's exemption), and where a
// visitor turns when our answer to a reported barrier does not satisfy them. The build writes the dates in words in
// each language. EXAMPLE values are the operator's to confirm before launch.
import type { Language } from './languages.ts';

/** How far the website meets the standard: fully, partially or not conformant. */
export type ConformanceStatus = 'full' | 'partial' | 'none';

export type AccessibilityStatement = {
  /**
   * `partial` while the only checks are the automated suite's and the team's own: nobody who
   * uses assistive technology has yet tested the website for us.
   */
  status: ConformanceStatus;
  /** The guidelines, their level and the European standard that refers to them. */
  standard: { wcag: string; level: 'A' | 'AA'; en301549: string };
  /** When the statement was first prepared and when it was last reviewed (YYYY-MM-DD). */
  prepared: string;
  reviewed: string;
  /**
   * Content that the automated checks or the team know fails the standard, each described in
   * every language; empty when none is known (the statement then says what is untested yet).
   */
  nonCompliance: ReadonlyArray<Record<Language, string>>;
  /**
   * Content the operator judges a disproportionate burden to make accessible, each described
   * in every language, with the reason; empty when none is claimed.
   */
  disproportionateBurden: ReadonlyArray<Record<Language, string>>;
  /**
   * True if the operator is a microenterprise providing services, which the law exempts: the
   * statement then says so and that it is published voluntarily, and that the app (where Pro is
   * sold) relies on the same exemption. False: it says nothing of it, and names the app's own
   * statement.
   */
  reliesOnMicroenterpriseExemption: boolean;
  /**
   * Where the app shows its own accessibility statement, which covers the app and Pro's sale in
   * it (Pro is bought in the app through the store, not on the website). Stated when the
   * operator does not rely on the exemption.
   */
  appStatementPath: Record<Language, string>;
  /** The Italian law that transposes the European Accessibility Act, and the day it applies from. */
  law: { name: string; appliesSince: string };
  /**
   * AgID (Agenzia per l'Italia Digitale), which a visitor reports to when our answer is
   * unsatisfactory or does not come: its online reporting form and its PEC.
   */
  authority: { reportForm: string; pec: string };
};

export const accessibilityStatement: AccessibilityStatement = {
  status: 'partial',
  standard: { wcag: '2.2', level: 'AA', en301549: 'V3.2.1' },
  prepared: '2026-11-25', // EXAMPLE
  reviewed: '2026-11-28', // EXAMPLE
  nonCompliance: [],
  disproportionateBurden: [],
  reliesOnMicroenterpriseExemption: false, // EXAMPLE
  appStatementPath: {
    en: 'Profile › Settings › Accessibility',
    it: 'Profilo › Impostazioni › Accessibilità',
  }, // EXAMPLE
  law: { name: 'D.Lgs. 82/2022', appliesSince: '2025-06-28' },
  // AgID's forms site, where its accessibility report is filed (the operator checks the address).
  authority: { reportForm: 'https://form.agid.gov.it/', pec: 'protocollo@pec.agid.gov.it' }, // EXAMPLE
};
