import { searchShownFrom, searchWordsKept } from '@contracts/search-kept';
import { accountValues } from './account';
import { contactPictureLimits } from './contact-picture';
import { appFacts, forecastProvider, forecastUpdateHours, minimumSystem, profileShown } from './app-facts';
import { forecastDays, minimumAge } from './constants';
import { retentionValues } from './retention';
import { dataRequestExtensionMonths } from './data-rights';
import { adConsent } from './processors';
import { deviceSettings } from './device-settings';
import { formatCount, formatted } from './formatted';
import type { Language } from './languages';
import { site } from './site';
import { storePlaces, storeRules, withdrawalDays } from './stores';

/** Where in the app a member finds what an article points to. EXAMPLE: the app's own menus. */
export const inAppPaths = {
  /** The screen that shows the app's version number. */
  version: { en: 'Profile › Settings › About', it: 'Profilo › Impostazioni › Informazioni' }, // EXAMPLE
  /** Where the app signs in again after a password reset or a change of address. */
  signIn: { en: 'Profile › Sign in', it: 'Profilo › Accedi' }, // EXAMPLE
  /** The button that starts a new catch. */
  newCatch: { en: 'Catches › + New catch', it: 'Catture › + Nuova cattura' }, // EXAMPLE
  /** Changing or deleting one of the member's own catches, shared or private. */
  editCatch: { en: 'Catches › the catch › ⋯ › Edit', it: 'Catture › la cattura › ⋯ › Modifica' }, // EXAMPLE
  deleteCatch: { en: 'Catches › the catch › ⋯ › Delete', it: 'Catture › la cattura › ⋯ › Elimina' }, // EXAMPLE
  /** The member's own post, from the ⋯ button on it. */
  editPost: { en: '⋯ on your post › Edit', it: '⋯ sul tuo post › Modifica' }, // EXAMPLE
  deletePost: { en: '⋯ on your post › Delete', it: '⋯ sul tuo post › Elimina' }, // EXAMPLE
  /** The member's own comment. */
  deleteComment: { en: 'press and hold your comment › Delete', it: 'tieni premuto il tuo commento › Elimina' }, // EXAMPLE
  /** Another member's profile: follow, unfollow, block. */
  follow: { en: "the member's profile › Follow", it: "profilo dell'utente › Segui" }, // EXAMPLE
  unfollow: {
    en: "the member's profile › Following › Unfollow",
    it: "profilo dell'utente › Segui già › Non seguire più",
  }, // EXAMPLE
  removeFollower: { en: 'Profile › Followers › ⋯ › Remove', it: 'Profilo › Follower › ⋯ › Rimuovi' }, // EXAMPLE
  block: { en: "the member's profile › ⋯ › Block", it: "profilo dell'utente › ⋯ › Blocca" }, // EXAMPLE
  blocked: { en: 'Profile › Settings › Blocked members', it: 'Profilo › Impostazioni › Utenti bloccati' }, // EXAMPLE
  /** Reporting a post, a comment or a profile. */
  report: { en: '⋯ on the post, comment or profile › Report', it: '⋯ sul post, sul commento o sul profilo › Segnala' }, // EXAMPLE
  /** The member's own profile as others see it, and where it is changed. */
  editProfile: { en: 'Profile › Edit profile', it: 'Profilo › Modifica profilo' }, // EXAMPLE
  /** Where a member who signs in with a password changes the account's email address, or the password. */
  changeEmail: { en: 'Profile › Settings › Account › Email', it: 'Profilo › Impostazioni › Account › Email' }, // EXAMPLE
  changePassword: { en: 'Profile › Settings › Account › Password', it: 'Profilo › Impostazioni › Account › Password' }, // EXAMPLE
  /** The app's settings for its notifications, units and language (its ad choices: processors.ts). */
  notifications: { en: 'Profile › Settings › Notifications', it: 'Profilo › Impostazioni › Notifiche' }, // EXAMPLE
  units: { en: 'Profile › Settings › Units', it: 'Profilo › Impostazioni › Unità di misura' }, // EXAMPLE
  language: { en: 'Profile › Settings › Language', it: 'Profilo › Impostazioni › Lingua' }, // EXAMPLE
  /** The app's Pro screen: subscribe, change plan, restore purchases. */
  pro: { en: 'Profile › Pro', it: 'Profilo › Pro' }, // EXAMPLE
  restorePurchases: { en: 'Profile › Pro › Restore purchases', it: 'Profilo › Pro › Ripristina acquisti' }, // EXAMPLE
} as const;

/** Each in-app path by the name its texts use: `{{newCatchPath}}`. */
function inAppPathValues(language: Language): Record<`${keyof typeof inAppPaths}Path`, string> {
  return Object.fromEntries(
    Object.entries(inAppPaths).map(([name, path]) => [`${name}Path`, path[language]]),
  ) as Record<`${keyof typeof inAppPaths}Path`, string>;
}

/**
 * The values the help texts (locales/<language>/help.json, locales/articles/) are
 * filled with: every number and name they state comes from config, never typed in a text
 * (a unit test fails when one is).
 */
export function helpTextValues(language: Language): Readonly<Record<string, string>> {
  const { prices, yearlySaving } = formatted(language);
  const deletion = accountValues(language);
  return {
    product: site.productName,
    email: site.supportEmail,
    privacyEmail: site.company.dataProtectionEmail,
    profileFields: deletion.profileFields,
    proDays: String(forecastDays.pro),
    freeDays: String(forecastDays.free),
    monthly: prices.proMonthly,
    yearly: prices.proYearly,
    saving: yearlySaving,
    age: String(minimumAge),
    // Every period personal data is kept, by the names the texts use (config/retention.ts).
    ...Object.fromEntries(Object.entries(retentionValues()).map(([name, period]) => [name, String(period)])),
    // What of a help search is kept, and when the team is shown it (contracts/help-signal.ts).
    searchWords: String(searchWordsKept),
    searchHours: String(searchShownFrom.hours),
    searchDays: String(searchShownFrom.days),
    // The picture a contact message may carry: its longest side and size once the browser has drawn it again.
    pictureSide: formatCount(language, contactPictureLimits.maxSidePx),
    pictureKilobytes: formatCount(language, contactPictureLimits.maxKilobytes),
    copiesPerDay: String(deletion.copiesPerDay),
    appPath: deletion.appPath,
    leftShown: deletion.leftShown,
    ...inAppPathValues(language),
    playSubscriptions: storePlaces.googlePlaySubscriptions[language],
    appleSubscriptions: storePlaces.appleSubscriptions[language],
    applePayment: storePlaces.applePayment[language],
    playOrders: storePlaces.googlePlayOrders,
    appleRefunds: storePlaces.appleRefunds,
    appleRelay: storePlaces.appleRelayDomain,
    // The app's consent tool for ads and where a member changes the choice (config/processors.ts).
    consentTool: adConsent.tool,
    adChoicesPath: adConsent.choicesPath[language],
    extraMonths: String(dataRequestExtensionMonths),
    playRefundHours: String(storeRules.googlePlayRefundHours),
    appleCancelHours: String(storeRules.appleCancelBeforeHours),
    withdrawalDays: String(withdrawalDays),
    androidVersion: minimumSystem.android,
    iosVersion: minimumSystem.ios,
    profileShown: profileShown(language).shown,
    profileHidden: profileShown(language).hidden,
    forecastHours: String(forecastUpdateHours),
    forecastProvider,
    trialDays: String(appFacts.proTrialDays),
    playRedeem: storePlaces.googlePlayRedeem,
    appleRedeem: storePlaces.appleRedeem[language],
    ...(Object.fromEntries(Object.entries(deviceSettings).map(([name, place]) => [name, place[language]])) as Record<
      keyof typeof deviceSettings,
      string
    >),
  };
}
