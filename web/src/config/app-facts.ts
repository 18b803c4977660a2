// Facts about the app that the help articles state and that the specification leaves open:
// how the operator has set up the app and its Pro subscription. EXAMPLE values: the operator
// checks each against the app (and App Store Connect, the Play Console) before launch.
//
// A yes-or-no fact changes what an article says, not only a word in it: each article is
// written for the value below, and help-texts.test.ts checks that it says what the value
// means. Change a value and that test names the article and the sentence to rewrite.

export const appFacts = {
  /** Family Sharing is turned on for the Pro subscriptions in App Store Connect (article pro-on-several-devices). */
  familySharing: false, // EXAMPLE
  /**
   * Pro bought in one store also unlocks Pro in the app on the other platform, for the same
   * account (the app checks the subscription on the account, not on the phone): article
   * pro-on-several-devices and restore-pro.
   */
  proOnBothPlatforms: true, // EXAMPLE
  /**
   * A catch can be logged without a connection and is saved when the phone is back online
   * (article offline-use). `false`: the app needs a connection to save a catch.
   */
  offlineCatches: false, // EXAMPLE
  /** The marine forecast gives wind speed, direction and gusts hour by hour (article marine-forecast; the help search finds it for "wind"). */
  forecastWind: true, // EXAMPLE
  /** The member can choose the units (metres or feet, °C or °F) in the app's settings (article units-and-app-language). */
  unitChoice: true, // EXAMPLE
  /**
   * Blocking works both ways: a blocked member can no longer follow the member who blocked
   * them or see their profile, posts and shared catches, and neither sees the other's
   * comments (article block-or-report).
   */
  blockBothWays: true, // EXAMPLE
} as const;

/** The oldest system versions the current app installs on (its Play listing and App Store page say the same). */
export const minimumSystem = { android: '8.0', ios: '15.0' } as const; // EXAMPLE

/**
 * What other members see on a member's profile, and what they never see (article
 * profile-visibility). The privacy policy lists what the profile may hold.
 */
export const profileShown = {
  shown: { en: 'your name, profile photo and bio', it: 'il tuo nome, la foto del profilo e la biografia' }, // EXAMPLE
  hidden: {
    en: 'your email address, birthdate and gender',
    it: 'il tuo indirizzo email, la data di nascita e il genere',
  }, // EXAMPLE
} as const;
