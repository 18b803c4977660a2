// Who handles personal data for the operator, and where: the privacy policy's list of
// processors (art. 28 GDPR) and of the transfers outside the European Economic Area (art.
// 13(1)(f)) is written from these, country names by the browser's Intl in each language.
// Firebase's services are what the site and its functions are built on; the others are the
// app's and the operator's choices (EXAMPLE: the operator names their own before launch).

/** How a transfer outside the EEA is safeguarded. */
export type Safeguard =
  /** No transfer: the data stays in the EEA. */
  | 'none'
  /** The recipient is certified under the EU–US Data Privacy Framework (adequacy decision of
   * 10 July 2023), and the Standard Contractual Clauses of its data processing terms apply too. */
  | 'dpfAndClauses'
  /** The Standard Contractual Clauses the European Commission approved (2021/914). */
  | 'clauses'
  /** A country the European Commission found adequate (the United Kingdom, Switzerland, …). */
  | 'adequacy';

export type Processor = {
  /** The company, as its contract names it. */
  company: string;
  /** Where it processes the data (ISO 3166 codes). */
  countries: readonly string[];
  safeguard: Safeguard;
};

/**
 * The region of the project's Firestore database and of its functions: where members' data and
 * contact messages are stored and processed. The functions' own region
 * (functions/src/region.ts) is checked against it by a unit test.
 */
export const databaseRegion = { id: 'europe-west1', country: 'BE' } as const; // EXAMPLE: the project's location

export const processors = {
  /** Firebase's database (Firestore), its functions (Cloud Functions) and file storage, in the region above. */
  firebaseData: { company: 'Google Ireland Limited', countries: [databaseRegion.country], safeguard: 'none' },
  /** Firebase Authentication (sign-in) and Hosting's content delivery network (this website), which Google runs in the United States and worldwide. */
  firebaseGlobal: { company: 'Google LLC', countries: ['US'], safeguard: 'dpfAndClauses' },
  /** The mail server that delivers the site's emails to members and the contact messages to the team. */
  email: { company: 'Example Mail S.r.l.', countries: ['IT'], safeguard: 'none' }, // EXAMPLE
  /** Crash reports and diagnostics of the app. */
  crashes: { company: 'Google LLC (Firebase Crashlytics)', countries: ['US'], safeguard: 'dpfAndClauses' }, // EXAMPLE
  /** The marine weather, tide and solunar data of the forecast and of a catch's past weather. */
  marineData: { company: 'Example Marine Data Ltd', countries: ['GB'], safeguard: 'adequacy' }, // EXAMPLE
} as const satisfies Record<string, Processor>;

export type ProcessorId = keyof typeof processors;

/**
 * The advertising providers of the free plan's ads in the app, each with its privacy policy.
 * With the member's consent they store and read information on the device (the advertising
 * identifier, cookies); the operator and each provider are joint controllers of that collection
 * (CJEU C-40/17), and each provider an independent controller of what it does with it after.
 */
export const adProviders = [
  { name: 'Google AdMob (Google Ireland Limited)', privacyPolicy: 'https://policies.google.com/privacy' }, // EXAMPLE
] as const;

/**
 * How the app asks for the consent that ads need (art. 122 of the Privacy Code; the Garante's
 * guidelines of 10 June 2021): the consent tool it shows before any ad, and where a member changes
 * the choice. Without consent the app shows only limited ads, which store and read nothing on the
 * device. The privacy policy and the help article on ads name both.
 */
export const adConsent = {
  tool: 'Google User Messaging Platform', // EXAMPLE
  choicesPath: {
    en: 'Profile › Settings › Privacy › Ad choices',
    it: 'Profilo › Impostazioni › Privacy › Scelte sugli annunci',
  }, // EXAMPLE
} as const;

/** Countries as the language names them ("Belgium", "Belgio"). */
export function countryNames(countries: readonly string[], language: string): string {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(countries.map((code) => names.of(code) ?? code));
}
