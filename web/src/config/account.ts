// What deleting an account means, as the Account page and the privacy policy both state it:
// how long each thing that outlives the account is kept. EXAMPLE values: the operator must
// confirm them (with their accountant for the tax records) before launch. Where the data
// lives, for the clean-up that deletes it: functions/src/contracts/member-data.ts.
import { dataExports } from './constants.ts';
import { retention, retentionValues } from './retention.ts';
import type { Language } from './languages.ts';

export const accountDeletion = {
  // How long what outlives the account is kept: config/retention.ts.
  backupDays: retention.backupDays,
  deletionRecordYears: retention.deletionRecordYears,
  accountingYears: retention.accountingYears,
  securityLogDays: retention.securityLogDays,
  /**
   * How the comments and likes a deleted member left on other members' posts show: they belong
   * to those posts and stay with them (privacy policy, Account page, article after-deletion).
   */
  leftOnOthersPosts: {
    en: 'as from a “Deleted member”, without your name or photo',
    it: 'come di un “Utente eliminato”, senza il tuo nome né la tua foto',
  }, // EXAMPLE
  /** Where in the app a member deletes the account without this page. */
  appPath: { en: 'Profile › Settings › Delete account', it: 'Profilo › Impostazioni › Elimina account' }, // EXAMPLE
} as const;

/**
 * What a member's profile in the app holds, in each language: the privacy policy, the Account
 * page's list of what deletion removes and the help articles all name these, filled in as
 * `{{profileFields}}`. EXAMPLE: the app's real profile fields.
 */
export const profileFields = [
  { en: 'name', it: 'nome' },
  { en: 'photo', it: 'foto' },
  { en: 'bio', it: 'biografia' },
  { en: 'birthdate', it: 'data di nascita' },
  { en: 'gender', it: 'genere' },
  { en: 'area', it: 'zona' },
  { en: 'language', it: 'lingua' },
  { en: 'kinds of fishing you enjoy', it: 'tipi di pesca preferiti' },
  { en: 'settings', it: 'impostazioni' },
] as const; // EXAMPLE

/** The profile's fields as one phrase: "name, photo, … and settings". */
export function profileFieldList(language: Language): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(profileFields.map((field) => field[language]));
}

/** The values the Account page, the privacy policy and the help articles fill into their texts. */
export function accountValues(language: Language) {
  return {
    profileFields: profileFieldList(language),
    copiesPerDay: dataExports.perDay,
    ...retentionValues(),
    appPath: accountDeletion.appPath[language],
    leftShown: accountDeletion.leftOnOthersPosts[language],
  };
}
