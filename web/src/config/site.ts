// The facts about the product and its operator that change. Nothing else in the site
// repeats them. EXAMPLE values are marked as such and must be replaced before launch.

/** The app's id on the App Store: the listing's address and Safari's app banner both use it. */
const appStoreId = '0000000000'; // EXAMPLE
/** The Android app's package name: its Play listing and its App Links both use it. */
const androidPackage = 'com.example.fishingapp'; // EXAMPLE

/**
 * The operator as Italian law asks a company's website to name it (art. 2250 of the Civil
 * Code): registered office, Companies Register entry and REA number, share capital for a
 * company (a partnership such as an S.n.c. has none to state), the certified email address
 * (PEC), and where data-protection requests go. The footer, the privacy policy's controller
 * section, the terms' operator section and the schema.org Organization all read these.
 */
export type Company = {
  registeredOffice: { street: string; postalCode: string; city: string; province: string; country: 'IT' };
  /**
   * The Companies Register (Registro delle imprese) the company is entered in, by the city of
   * its Chamber of Commerce, and its number there, which is the company's tax code (codice
   * fiscale): "Reg. Imprese di Livorno e C.F. …".
   */
  register: { chamber: string; number: string };
  /** The REA entry (Repertorio economico amministrativo), by province code, and its number. */
  rea: { office: string; number: string };
  /** Share capital paid up, in euro, for an S.r.l. or S.p.A.; undefined for a partnership. */
  shareCapitalEuro: number | undefined;
  pec: string;
  dataProtectionEmail: string;
};

const company: Company = {
  registeredOffice: { street: 'Via del Porto 1', postalCode: '57123', city: 'Livorno', province: 'LI', country: 'IT' }, // EXAMPLE
  register: { chamber: 'Livorno', number: '00000000000' }, // EXAMPLE
  rea: { office: 'LI', number: '000000' }, // EXAMPLE
  shareCapitalEuro: undefined, // EXAMPLE: none for a partnership
  pec: 'examplefishing@pec.example.it', // EXAMPLE
  dataProtectionEmail: 'privacy@example.com', // EXAMPLE
};

export const site = {
  productName: 'FishingApp', // EXAMPLE product name
  /** Where the site is published: canonical addresses, the sitemap and share links start with it. */
  origin: 'https://fishingapp.example.com', // EXAMPLE (no trailing slash)
  // An S.n.c.'s name holds at least one partner's name (art. 2292 of the Civil Code).
  operatorName: 'Example Fishing di Mario Rossi & C. S.n.c.', // EXAMPLE operator (an Italian partnership)
  vatNumber: 'IT00000000000', // EXAMPLE VAT number
  supportEmail: 'support@example.com', // EXAMPLE support address
  company,
  firstCopyrightYear: 2023,
  stores: {
    googlePlay: `https://play.google.com/store/apps/details?id=${androidPackage}`,
    appStore: `https://apps.apple.com/app/id${appStoreId}`,
  },
  appStoreId,
  social: {
    facebook: 'https://www.facebook.com/example.fishingapp', // EXAMPLE
    instagram: 'https://www.instagram.com/example.fishingapp', // EXAMPLE
  },
} as const;

/**
 * What lets the links in account emails open the app on a phone that has it (App Links on
 * Android, Universal Links on iOS): the site publishes them in /.well-known/ (seo/app-links.ts).
 * A separate export, so the pages' scripts (which never need it) leave it out.
 */
export const appLinks = {
  androidPackage,
  /**
   * SHA-256 fingerprints of the certificates the Android app is signed with: Play Console,
   * Test and release, App integrity, App signing (the app signing key's, and the upload key's
   * for builds installed outside Play).
   */
  androidCertificateSha256: [
    'AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99', // EXAMPLE
  ],
  /** The Apple developer team id (developer.apple.com, Membership details). */
  appleTeamId: 'ABCDE12345', // EXAMPLE
  /** The iOS app's bundle id. */
  iosBundleId: 'com.example.fishingapp', // EXAMPLE
} as const;
