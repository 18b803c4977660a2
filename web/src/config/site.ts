// The facts about the product and its operator that change. Nothing else in the site
// repeats them. EXAMPLE values are marked as such and must be replaced before launch.

/** The app's id on the App Store: the listing's address and Safari's app banner both use it. */
const appStoreId = '0000000000'; // EXAMPLE
/** The Android app's package name: its Play listing and its App Links both use it. */
const androidPackage = 'com.example.fishingapp'; // EXAMPLE

export const site = {
  productName: 'FishingApp', // EXAMPLE product name
  /** Where the site is published: canonical addresses, the sitemap and share links start with it. */
  origin: 'https://fishingapp.example.com', // EXAMPLE (no trailing slash)
  operatorName: 'Example Fishing S.n.c.', // EXAMPLE operator (an Italian partnership)
  vatNumber: 'IT00000000000', // EXAMPLE VAT number
  supportEmail: 'support@example.com', // EXAMPLE support address
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
