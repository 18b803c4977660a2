import { accountValues } from './account';
import { forecastDays, minimumAge, supportMessageRetentionMonths } from './constants';
import { formatted } from './formatted';
import type { Language } from './languages';
import { site } from './site';

/** Where in the app a member finds what an article points to. EXAMPLE: the app's own menus. */
export const inAppPaths = {
  /** The screen that shows the app's version number. */
  version: { en: 'Profile › Settings › About', it: 'Profilo › Impostazioni › Informazioni' }, // EXAMPLE
  /** Where the app signs in again after a password reset or a change of address. */
  signIn: { en: 'Profile › Sign in', it: 'Profilo › Accedi' }, // EXAMPLE
} as const;

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
    proDays: String(forecastDays.pro),
    freeDays: String(forecastDays.free),
    monthly: prices.proMonthly,
    yearly: prices.proYearly,
    saving: yearlySaving,
    age: String(minimumAge),
    supportMonths: String(supportMessageRetentionMonths),
    backupDays: String(deletion.backupDays),
    recordYears: String(deletion.recordYears),
    accountingYears: String(deletion.accountingYears),
    logDays: String(deletion.logDays),
    copiesPerDay: String(deletion.copiesPerDay),
    copyRecordYears: String(deletion.copyRecordYears),
    appPath: deletion.appPath,
    versionPath: inAppPaths.version[language],
    signInPath: inAppPaths.signIn[language],
  };
}
