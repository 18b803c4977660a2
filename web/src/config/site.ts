// The facts about the product and its operator that change. Nothing else in the site
// repeats them. EXAMPLE values are marked as such and must be replaced before launch.

/** The app's id on the App Store: the listing's address and Safari's app banner both use it. */
const appStoreId = '0000000000'; // EXAMPLE

export const site = {
  productName: 'FishingApp', // EXAMPLE product name
  /** Where the site is published: canonical addresses, the sitemap and share links start with it. */
  origin: 'https://fishingapp.example.com', // EXAMPLE (no trailing slash)
  operatorName: 'Example Fishing S.n.c.', // EXAMPLE operator (an Italian partnership)
  vatNumber: 'IT00000000000', // EXAMPLE VAT number
  supportEmail: 'support@example.com', // EXAMPLE support address
  firstCopyrightYear: 2023,
  stores: {
    googlePlay: 'https://play.google.com/store/apps/details?id=com.example.fishingapp', // EXAMPLE
    appStore: `https://apps.apple.com/app/id${appStoreId}`,
  },
  appStoreId,
  social: {
    facebook: 'https://www.facebook.com/example.fishingapp', // EXAMPLE
    instagram: 'https://www.instagram.com/example.fishingapp', // EXAMPLE
  },
} as const;
