// The facts about the product and its operator that change. Nothing else in the site
// repeats them. EXAMPLE values are marked as such and must be replaced before launch.
export const site = {
  productName: 'FishingApp', // EXAMPLE product name
  operatorName: 'Example Fishing S.n.c.', // EXAMPLE operator (an Italian partnership)
  vatNumber: 'IT00000000000', // EXAMPLE VAT number
  supportEmail: 'support@example.com', // EXAMPLE support address
  firstCopyrightYear: 2023,
  stores: {
    googlePlay: 'https://play.google.com/store/apps/details?id=com.example.fishingapp', // EXAMPLE
    appStore: 'https://apps.apple.com/app/id0000000000', // EXAMPLE
  },
  social: {
    facebook: 'https://www.facebook.com/example.fishingapp', // EXAMPLE
    instagram: 'https://www.instagram.com/example.fishingapp', // EXAMPLE
  },
} as const;
