// Texts the pages must show, typed out on purpose (not read from the translations): a key
// that is missing or renamed shows up as the key itself. Shared by the browser tests and the
// tests that read the HTML Hosting serves (no Playwright here, so both can import it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { helpArticleIds, type HelpArticleId, type HelpTopic } from '../../web/src/config/help.ts';
import { languages, type Language } from '../../web/src/config/languages.ts';
import type { HelpArticleRoute, RouteName } from '../../web/src/config/paths.ts';
import { reaLine, registeredOfficeLine } from '../../web/src/config/operator.ts';
import { site } from '../../web/src/config/site.ts';
// The text files as the build reads them: a text written for both answers of an app fact holds config's.
import { readTextFile } from '../../web/build/fact-texts.ts';

export type { Language };

/** The help centre's texts of a language as built (titles with their `{{placeholders}}`). */
type HelpTexts = {
  page: {
    title: string;
    copyOffline: string;
    updateReady: string;
    update: string;
  };
  topics: Record<HelpTopic, { title: string }>;
  articles: Record<HelpArticleId, { title: string; summary: string }>;
};
export const helpTexts = Object.fromEntries(
  languages.map((language) => [
    language,
    readTextFile<HelpTexts>(join(import.meta.dirname, '..', '..', 'web', 'src', 'locales', language, 'help.json')),
  ]),
) as Record<Language, HelpTexts>;

/**
 * A help text as a pattern of what the page shows: its words as written, each placeholder
 * any value config fills in (the help articles' headings are their titles).
 */
export function helpTextPattern(text: string): RegExp {
  const parts = text.split(/{{\s*\w+\s*}}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

/** Each help article's h1: its title in each language. */
const articleHeadings = Object.fromEntries(
  helpArticleIds.map((id) => [
    `help/${id}`,
    Object.fromEntries(
      languages.map((language) => [language, helpTextPattern(helpTexts[language].articles[id].title)]),
    ),
  ]),
) as Record<HelpArticleRoute, Record<Language, RegExp>>;

/** What each route's h1 says. */
export const headings: Record<RouteName | 'notFound', Record<Language, string | RegExp>> = {
  ...articleHeadings,
  home: { en: 'Sport Fishing App', it: 'App di pesca sportiva' },
  features: { en: 'Features', it: 'Funzionalità' },
  downloadApp: { en: 'Download App', it: "Scarica l'app" },
  pro: { en: /^Become a .+ PRO Member$/, it: /^Diventa un utente Pro di .+$/ },
  support: { en: 'Contact Us', it: 'Contattaci' },
  knownProblems: { en: 'Known problems', it: 'Problemi noti' },
  privacy: { en: 'Privacy Policy', it: 'Informativa sulla privacy' },
  terms: { en: 'Terms and Conditions', it: 'Termini e condizioni' },
  emailVerification: { en: 'Email Verification', it: 'Verifica email' },
  partner: { en: 'Partners', it: 'Partner' },
  accessibility: { en: 'Accessibility statement', it: 'Dichiarazione di accessibilità' },
  account: { en: 'Account', it: 'Account' },
  help: { en: 'Help centre', it: 'Centro assistenza' },
  notFound: { en: '404 - File or directory not found.', it: '404 - File o directory non trovati.' },
};

/** The first link of every page, in each language. */
export const skipLinks: Record<Language, string> = { en: 'Skip to content', it: 'Vai al contenuto' };

/** What the email action page says, in each language. */
export const emailActionTexts = {
  en: {
    verifyTitle: 'Email Verification',
    thanks: 'Thanks for verifying your email',
    verified: 'Your email was verified. You can now continue using the app.',
    checking: 'Checking the link from your email…',
    used: 'This link was already used',
    usedVerify: 'Your email is verified',
    invalid: 'This link does not work',
    expired: 'This link has expired',
    network: 'No connection',
    retry: 'Try again',
    resetTitle: 'Reset Your Password',
    newPassword: 'New password',
    rule: 'at least 6 characters',
    notYet: 'The password does not meet every rule above yet.',
    save: 'Save the new password',
    resetDone: 'Your password was changed',
    recoverTitle: 'Restore Your Email Address',
    restore: 'Restore my address',
    recovered: 'Your email address was restored',
    sendReset: 'Send me a password reset email',
    resetSent: 'We sent a link to set a new password to',
  },
  it: {
    verifyTitle: 'Verifica email',
    thanks: 'Grazie per aver verificato la tua email',
    verified: "La tua email è stata verificata. Ora puoi continuare a usare l'app.",
    checking: 'Verifica del link ricevuto via email in corso…',
    used: 'Questo link è già stato usato',
    usedVerify: 'La tua email è verificata',
    invalid: 'Questo link non funziona',
    expired: 'Questo link è scaduto',
    network: 'Nessuna connessione',
    retry: 'Riprova',
    resetTitle: 'Reimposta la password',
    newPassword: 'Nuova password',
    rule: 'almeno 6 caratteri',
    notYet: 'La password non rispetta ancora tutte le regole qui sopra.',
    save: 'Salva la nuova password',
    resetDone: 'La tua password è stata cambiata',
    recoverTitle: 'Ripristina il tuo indirizzo email',
    restore: 'Ripristina il mio indirizzo',
    recovered: 'Il tuo indirizzo email è stato ripristinato',
    sendReset: "Inviami un'email per reimpostare la password",
    resetSent: 'Abbiamo inviato a',
  },
} as const;

/** What the Account page says and labels, in each language. */
export const accountTexts = {
  en: {
    deletedTitle: 'What is deleted',
    keptTitle: 'What is kept, and for how long',
    howTitle: 'How to delete your account',
    email: 'Email address',
    password: 'Password',
    signIn: 'Sign in',
    passwordAgain: 'Your password again',
    typeWord: 'Type DELETE to confirm',
    word: 'DELETE',
    delete: 'Delete my account',
    doneTitle: 'Your account was deleted',
    credentials: 'The email address or password is not right.',
    wrongPassword: 'That password is not right.',
    recentLogin: 'For your security, sign in again before you delete your account.',
    network: 'We could not reach our servers.',
    wordMissing: 'Type DELETE exactly to confirm.',
    lostAccess: 'to have the account deleted',
    contactSubject: 'Account deletion request',
    copyTitle: 'A copy of your data',
    google: 'Continue with Google',
    apple: 'Continue with Apple',
    signedInWith: { google: 'with Google.', apple: 'with Apple.', password: 'with your email address and password.' },
    copyButton: 'Download my data',
    copyDone: /^Your copy is downloaded: [a-z0-9-]+-data-\d{4}-\d\d-\d\d\.json, \d+ items\./,
    copyLimit: /^You have asked for a copy 3 times in the last 24 hours\. You can ask for another from /,
    saveAgain: 'Save the file',
  },
  it: {
    deletedTitle: 'Cosa viene eliminato',
    keptTitle: 'Cosa viene conservato, e per quanto',
    howTitle: 'Come eliminare il tuo account',
    email: 'Indirizzo email',
    password: 'Password',
    signIn: 'Accedi',
    passwordAgain: 'Inserisci di nuovo la password',
    typeWord: 'Scrivi ELIMINA per confermare',
    word: 'ELIMINA',
    delete: 'Elimina il mio account',
    doneTitle: 'Il tuo account è stato eliminato',
    credentials: "L'indirizzo email o la password non sono corretti.",
    wrongPassword: 'La password non è corretta.',
    recentLogin: "Per sicurezza devi accedere di nuovo prima di eliminare l'account.",
    network: 'Non siamo riusciti a raggiungere i nostri server.',
    wordMissing: 'Scrivi esattamente ELIMINA per confermare.',
    lostAccess: "per far eliminare l'account",
    contactSubject: "Richiesta di eliminazione dell'account",
    copyTitle: 'Una copia dei tuoi dati',
    google: 'Continua con Google',
    apple: 'Continua con Apple',
    signedInWith: { google: 'con Google.', apple: 'con Apple.', password: 'con indirizzo email e password.' },
    copyButton: 'Scarica i miei dati',
    copyDone: /^La tua copia è stata scaricata: [a-z0-9-]+-data-\d{4}-\d\d-\d\d\.json, \d+ elementi\./,
    copyLimit: /^Hai chiesto una copia 3 volte nelle ultime 24 ore\. Puoi chiederne un'altra dalle /,
    saveAgain: 'Salva il file',
  },
} as const;

/** A page's screenshot file name in a language: `en-features`, `it-help-cancel-pro`. */
export function screenshotName(language: Language, name: RouteName | 'notFound'): string {
  return `${language}-${name.replaceAll('/', '-')}`;
}

/**
 * The help articles whose texts link to the page of route `tag` (`<account>…</account>`), with
 * the link's words in each language: a visitor who follows one arrives as one who typed the
 * address would.
 */
export function helpArticlesLinkingTo(tag: RouteName): Array<{ id: HelpArticleId; link: Record<Language, string> }> {
  return helpArticleIds.flatMap((id) => {
    const parsed = readTextFile<Record<Language, unknown>>(
      join(import.meta.dirname, '../../web/src/locales/articles', `${id}.json`),
    );
    const words = (language: Language) =>
      new RegExp(`<${tag}>([^<]+)</${tag}>`).exec(JSON.stringify(parsed[language]))?.[1];
    const [en, it] = [words('en'), words('it')];
    return en && it ? [{ id, link: { en, it } }] : [];
  });
}

/** Top-level translation keys of every namespace: rendered text that starts with one is an untranslated key. */
const topLevelKeys = [
  'common',
  'pages',
  'contact',
  'picture',
  'members',
  'account',
  'accessibility',
  'legal',
  'meta',
].flatMap((namespace) =>
  Object.keys(
    JSON.parse(
      readFileSync(join(import.meta.dirname, '../../web/src/locales/en', `${namespace}.json`), 'utf8'),
    ) as object,
  ),
);
export const untranslatedKey = new RegExp(`\\b(?:${topLevelKeys.join('|')})\\.[A-Za-z0-9]+`);

const { chamber, number: taxCode } = site.company.register;

/** The footer's legal line (art. 2250 of the Civil Code), typed out per language. */
export const legalLine: Record<Language, string> = {
  en: `Registered office: ${registeredOfficeLine()} · VAT ${site.vatNumber} · Companies Register of ${chamber} and tax code ${taxCode} · REA ${reaLine()}`,
  it: `Sede legale: ${registeredOfficeLine()} · P. IVA ${site.vatNumber} · Reg. Imprese di ${chamber} e C.F. ${taxCode} · REA ${reaLine()}`,
};

/** The footer's line with the operator's email address and PEC (art. 7 of D.Lgs. 70/2003). */
export const contactLine: Record<Language, string> = {
  en: `Email ${site.supportEmail} · PEC (certified email) ${site.company.pec}`,
  it: `Email ${site.supportEmail} · PEC ${site.company.pec}`,
};
