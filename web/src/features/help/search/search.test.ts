import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpSearchIndex } from '../../../../build/help-search';
import { languages, type Language } from '../../../config/languages';
import enHelp from '../../../locales/en/help.json';
import itHelp from '../../../locales/it/help.json';
import { searchFromIndex, type HelpSearch } from './engine';
import { stem, termProcessor } from './terms';

const helpFiles = { en: enHelp, it: itHelp };
const source = join(import.meta.dirname, '..', '..', '..');
const searches = Object.fromEntries(
  languages.map((language) => [language, searchFromIndex(helpSearchIndex(source, language), language)]),
) as Record<Language, HelpSearch>;
const ids = (language: Language, query: string, limit = 3) =>
  searches[language](query, limit).map((result) => result.id);

describe('the help search', () => {
  it.each([
    ['en', 'subscripton'],
    ['en', 'cancel Pro'],
    ['en', 'How do I cancel my Pro subscription?'],
    ['en', 'cancelling pro'],
    ['it', 'abbonamneto'],
    ['it', 'annullare Pro'],
    ['it', "Come disdico l'abbonamento?"],
  ] as const)('finds the subscription article in %s for "%s"', (language, query) => {
    expect(ids(language, query)).toContain('cancel-pro');
  });

  it.each([
    ['en', 'reset my pasword', 'reset-password'],
    ['it', 'reimpostare password', 'reset-password'],
    ['en', 'delete account', 'delete-account'],
    ['it', 'eliminare account', 'delete-account'],
    ['en', 'app version', 'app-version'],
    ['it', "versione dell'app", 'app-version'],
    ['en', 'verification link expired', 'verification-link-expired'],
    ['it', 'link scaduto', 'verification-link-expired'],
    ['en', 'screenshot', 'send-a-screenshot'],
    ['en', 'attach a photo to my message', 'send-a-screenshot'],
    ['it', 'screenshot', 'send-a-screenshot'],
    ['it', 'allegato foto', 'send-a-screenshot'],
    ['it', 'allegare immagine', 'send-a-screenshot'],
    ['it', 'posizione della foto', 'send-a-screenshot'],
    ['en', 'weather wind', 'marine-forecast'],
    ['it', 'meteo vento', 'marine-forecast'],
    ['en', 'is the app down for everyone', 'known-problems'],
    ['en', 'outage notice', 'known-problems'],
    ['it', "l'app non va a nessuno", 'known-problems'],
    ['it', 'avviso di guasto', 'known-problems'],
  ] as const)('in %s, "%s" finds %s first or close', (language, query, article) => {
    expect(ids(language, query)).toContain(article);
  });

  // The articles that answer what anglers asked and nothing answered, found for their own
  // words rather than the titles' (the titles are in help.json).
  it.each([
    ['en', 'lake forecast', 'forecast-coverage'],
    ['en', 'weather on a lake', 'forecast-coverage'],
    ['en', 'forecast for rivers', 'forecast-coverage'],
    ['en', 'how often is the forecast updated', 'forecast-coverage'],
    ['it', 'previsioni lago', 'forecast-coverage'],
    ['it', 'meteo sul lago', 'forecast-coverage'],
    ['it', 'previsioni per il fiume', 'forecast-coverage'],
    ['it', 'ogni quanto si aggiornano le previsioni', 'forecast-coverage'],
    ['en', 'change my email', 'change-account-details'],
    ['en', 'new profile picture', 'change-account-details'],
    ['en', 'update my email address', 'change-account-details'],
    ['it', 'cambiare foto profilo', 'change-account-details'],
    ['it', 'nuova immagine del profilo', 'change-account-details'],
    ['it', 'modificare il nome', 'change-account-details'],
    ['en', 'promo code', 'pro-trials-and-codes'],
    ['en', 'redeem a discount code', 'pro-trials-and-codes'],
    ['en', 'try pro for free', 'pro-trials-and-codes'],
    ['it', 'codice promozionale', 'pro-trials-and-codes'],
    ['it', 'riscattare un codice sconto', 'pro-trials-and-codes'],
    ['it', 'periodo di prova', 'pro-trials-and-codes'],
    ['en', 'export catches', 'export-catches'],
    ['en', 'lost catches', 'export-catches'],
    ['en', 'my catches disappeared', 'export-catches'],
    ['it', 'esportare catture', 'export-catches'],
    ['it', 'catture sparite', 'export-catches'],
    ['it', 'scaricare il diario delle catture', 'export-catches'],
    ['en', 'hide my profile', 'private-profile'],
    ['en', 'stop people finding me', 'private-profile'],
    ['it', 'profilo privato', 'private-profile'],
    ['it', 'nascondere il mio profilo', 'private-profile'],
  ] as const)('in %s, "%s" finds %s, a question no article answered before', (language, query, article) => {
    expect(ids(language, query)).toContain(article);
  });

  it('gives each result its article id and its summary as help.json writes it (its title is in the help texts)', () => {
    const words = { en: 'cancel Pro', it: 'annullare Pro' };
    for (const language of languages)
      expect(searches[language](words[language], 1)).toEqual([
        { id: 'cancel-pro', summary: helpFiles[language].articles['cancel-pro'].summary },
      ]);
  });

  it('lists only the close matches of a misspelt word, best first', () => {
    expect(ids('en', 'subscripton', 8)[0]).toBe('cancel-pro');
    expect(ids('en', 'subscripton', 8).length).toBeLessThanOrEqual(3);
    expect(ids('en', 'reset my pasword', 8)).toEqual(['reset-password']);
  });

  it('finds nothing for words no article holds, and at most the limit', () => {
    expect(ids('en', 'xylophone zeppelin')).toEqual([]);
    expect(searches.en('pro', 2).length).toBeLessThanOrEqual(2);
  });
});

describe('the search terms', () => {
  it('meet the forms of one word at one stem', () => {
    expect(
      new Set(['cancel', 'cancels', 'cancelled', 'cancelling', 'cancellation'].map((word) => stem(word, 'en'))),
    ).toEqual(new Set(['cancel']));
    expect(new Set(['abbonamento', 'abbonamenti'].map((word) => stem(word, 'it'))).size).toBe(1);
    expect(new Set(['annullare', 'annullato', 'annulla'].map((word) => stem(word, 'it'))).size).toBe(1);
  });

  it('leave out little words and accents', () => {
    expect(termProcessor('en')('The')).toBeNull();
    expect(termProcessor('it')('perché')).toBeNull();
    expect(termProcessor('it')('Modalità')).toBe(stem('modalita', 'it'));
    expect(termProcessor('it')('l')).toBeNull();
  });
});
