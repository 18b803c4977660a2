// The facts the accessibility statement (pages/accessibility.tsx) states beside the test
// suite's own (build/accessibility-checks.ts): how far the website conforms and to what, when
// the statement was prepared and last reviewed, what it claims as a disproportionate burden,
// where the accessibility information of Pro's sale is, and where a visitor turns when our
// answer to a reported barrier does not satisfy them. The build writes the dates in words in
// each language. EXAMPLE values are the operator's to confirm before launch.
import type { Language } from './languages.ts';

/** How far the website meets the standard: fully, partially or not conformant. */
export type ConformanceStatus = 'full' | 'partial' | 'none';

/**
 * Where the accessibility information of Pro's sale is: Pro is bought in the app, through
 * Google Play's and the App Store's own payment, so the site does not sell it. `storeListings`:
 * the app's pages on Google Play and the App Store; `app`: the app's own settings.
 */
export type ProSaleInformation = 'storeListings' | 'app';

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
  proSaleInformation: ProSaleInformation;
  /**
   * True if the operator is a microenterprise providing services, which the law exempts: the
   * statement then says so and that it is published voluntarily. False: it says nothing of it.
   */
  reliesOnMicroenterpriseExemption: boolean;
  /** The Italian law that transposes the European Accessibility Act, and the day it applies from. */
  law: { name: string; appliesSince: string };
  /**
   * AgID (Agenzia per l'Italia Digitale), which a visitor reports to when our answer is
   * unsatisfactory or does not come: its website (with its reporting form) and its PEC.
   */
  authority: { url: string; pec: string };
};

export const accessibilityStatement: AccessibilityStatement = {
  status: 'partial',
  standard: { wcag: '2.2', level: 'AA', en301549: 'V3.2.1' },
  prepared: '2026-11-25', // EXAMPLE
  reviewed: '2026-11-26', // EXAMPLE
  nonCompliance: [],
  disproportionateBurden: [],
  proSaleInformation: 'storeListings', // EXAMPLE
  reliesOnMicroenterpriseExemption: false, // EXAMPLE
  law: { name: 'D.Lgs. 82/2022', appliesSince: '2025-06-28' },
  authority: { url: 'https://www.agid.gov.it/', pec: 'protocollo@pec.agid.gov.it' },
};
