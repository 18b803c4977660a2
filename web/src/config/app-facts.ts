// Facts about the app that the site's texts state and that the specification leaves open:
// how the operator has set up the app and its Pro subscription. EXAMPLE values: the operator
// checks each against the app (and App Store Connect, the Play Console) before launch.
//
// A yes-or-no fact (or a number where 0 means no) changes what a text says, not only a word in
// it. A text written for both answers (locales/fact-texts.ts: the terms, the features page)
// stays true whichever way the fact goes: the build keeps the one that holds. A help article is
// written for the value below, and help-texts.test.ts checks that it says what the value means:
// change a value and that test names the article and the sentence to rewrite.
import { profileFields } from './account.ts';
import type { Language } from './languages.ts';
import { processors } from './processors.ts';

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
  /**
   * The forecast covers lakes as well as the sea (article forecast-coverage). `false`: it is a
   * marine forecast, for the sea and the coast only.
   */
  forecastLakes: false, // EXAMPLE
  /** The forecast covers rivers (article forecast-coverage). */
  forecastRivers: false, // EXAMPLE
  /**
   * Days of free trial a new Pro subscriber gets, set up alike in the Play Console and App Store
   * Connect (article pro-trials-and-codes); 0: Pro has no free trial. The article states the
   * length as `{{trialDays}}` once there is one.
   */
  proTrialDays: 0, // EXAMPLE
  /**
   * The operator gives out offer codes for Pro (Google Play promo codes, App Store offer
   * codes), which a member redeems in their store (article pro-trials-and-codes).
   */
  proOfferCodes: true, // EXAMPLE
  /**
   * The app exports the catch log itself, as a file (article export-catches; say there in
   * which format). `false`: no export in the app; the copy of one's data from the Account page
   * (a JSON file) holds every catch.
   */
  catchExport: false, // EXAMPLE
  /**
   * A member can make their whole profile private, so that only the followers they accept see
   * it (article private-profile). `false`: every profile is public; catches can be private one
   * by one.
   */
  privateProfile: false, // EXAMPLE
  /** Other members can find a profile by searching for its name in the app (article private-profile). */
  profileSearch: true, // EXAMPLE
  /**
   * Other members see, on a member's profile, who they follow and who follows them (article
   * private-profile). `false`: only the counts show; the lists are the member's own.
   */
  followListsShown: true, // EXAMPLE
  /**
   * Before a Pro purchase the app asks the member whether Pro should start at once, within the
   * withdrawal period, tells them what withdrawing then costs, and keeps their answer (Codice del
   * consumo artt. 50(3), 51(8)): a member who asked and then withdraws pays for the days they
   * had Pro (art. 57(3)). `false`: the app does not ask, so a withdrawal is refunded in full
   * (art. 57(4)). The terms' section on withdrawal says the one that holds.
   */
  proStartsOnRequest: false, // EXAMPLE
  /**
   * The app removes the GPS position (and the rest of the location data) from a photo before
   * it is shared with other members. `false`: a shared photo keeps whatever the camera recorded,
   * and the texts on catch locations say so (the features page, the privacy policy, article
   * catch-location-private).
   */
  sharedPhotosLoseLocation: false, // EXAMPLE
  /**
   * The ads' consent message shows "Do not consent" beside "Consent" on its first screen, so
   * refusing takes one tap as accepting does (the privacy policy says so). `false`: refusing is
   * under the message's options.
   */
  consentRefuseButton: true, // EXAMPLE
  /**
   * The app keeps the birthdate a member gives with their profile (config/account.ts lists it
   * among the profile's fields), hidden from other members, to show that the age was checked.
   * `false`: the app checks the age at sign-up and keeps only the result, and the profile's
   * fields leave the birthdate out. The privacy policy says the one that holds.
   */
  keepsBirthdate: true, // EXAMPLE
} as const;

/** How often the forecast takes fresh data from its provider, in hours (article forecast-coverage). */
export const forecastUpdateHours = 6; // EXAMPLE

/**
 * Where the forecast's data comes from (article forecast-coverage): the processor of the
 * marine data in config/processors.ts, which the privacy policy names too, so both say the same.
 */
export const forecastProvider = processors.marineData.company;

/** The oldest system versions the current app installs on (its Play listing and App Store page say the same). */
export const minimumSystem = { android: '8.0', ios: '15.0' } as const; // EXAMPLE

/** A profile field by its English name in config/account.ts: `'bio'`. */
export type ProfileFieldName = (typeof profileFields)[number]['en'];

/**
 * What other members see of a member's profile: which of its fields (config/account.ts, the one
 * list the privacy policy and the Account page name) they see; the others, and the account's
 * email address, only the member sees. Articles profile-visibility, private-profile and
 * what-data-we-keep fill them in as `{{profileShown}}` and `{{profileHidden}}`.
 */
export const profileVisibility = {
  shownFields: ['name', 'photo', 'bio', 'area', 'kinds of fishing you enjoy'], // EXAMPLE
} as const satisfies { shownFields: readonly ProfileFieldName[] };

/** The profile's fields other members see, and those they never see, each as one list. */
export function profileShown(language: Language): { shown: string; hidden: string } {
  const shown: readonly ProfileFieldName[] = profileVisibility.shownFields;
  const list = (fields: ReadonlyArray<(typeof profileFields)[number]>) =>
    new Intl.ListFormat(language, { type: 'conjunction' }).format(fields.map((field) => field[language]));
  return {
    shown: list(profileFields.filter((field) => shown.includes(field.en))),
    hidden: list(profileFields.filter((field) => !shown.includes(field.en))),
  };
}
