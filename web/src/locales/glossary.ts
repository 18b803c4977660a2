// The Italian words the site keeps to, one per concept: a unit test (glossary.test.ts) reads
// every Italian text (the namespaces, the help articles and the Italian values config fills in)
// and fails on a word this list sets aside. Words between “ ” are another product's own labels
// (a store's button, for example) and are quoted as that product writes them.

export type GlossaryEntry = {
  /** What the word names. */
  concept: string;
  /** The word the site uses. */
  use: string;
  /** Words and phrases that would name the same thing another way. */
  avoid: readonly RegExp[];
};

export const italianGlossary: readonly GlossaryEntry[] = [
  { concept: 'the people who use the app', use: 'utente, utenti', avoid: [/\bmembr[oi]\b/i, /\biscritt[oi]\b/i] },
  { concept: 'a like on a post', use: 'mi piace', avoid: [/\blike\b/i] },
  { concept: 'the weather recorded with a catch', use: 'meteo passato', avoid: [/\bmeteo storico\b/i] },
  { concept: 'swell', use: 'onda lunga', avoid: [/\bmare lungo\b/i] },
  {
    concept: 'the list of logged catches',
    use: 'diario delle catture',
    avoid: [/\bregistr[oi] delle (tue )?catture\b/i],
  },
  {
    concept: 'cancelling a subscription',
    use: 'disdire, disdetta',
    avoid: [/\bannull\w* (l'|il |un |lo |gli )?(tuo |proprio )?abbonament/i],
  },
  { concept: 'an action under way', use: '… in corso…', avoid: [/^(Accesso|Invio|Eliminazione|Salvataggio)…$/] },
  {
    concept: 'where a catch was made',
    use: 'posizione',
    avoid: [
      /\b(luog(o|hi)|punt[oi]|spot) (della|delle|di una|di ogni|di una nuova) cattur/i,
      /\bluogo di pesca\b/i,
      /\bluog(o|hi) e (il )?meteo\b/i,
      /\battrezzatura( usata)?, luogo\b/i,
      /\bi loro luoghi\b/i,
    ],
  },
  { concept: "the area on a member's profile", use: 'zona', avoid: [/\b(posizione|area) del (tuo )?profilo\b/i] },
  {
    concept: 'the marine forecast',
    use: 'previsioni meteo marine',
    avoid: [/\bprevisioni marine\b/i, /\bmeteo marino\b/i, /\bmeteo del mare\b/i],
  },
  { concept: 'a picture of the screen', use: 'screenshot', avoid: [/\bschermat[ae]\b/i] },
  { concept: 'the paid plan', use: 'Pro', avoid: [/\bPRO\b/] },
  { concept: 'the people a member follows', use: 'persone che segui', avoid: [/\bamic[oi]\b/i] },
  {
    concept: 'deleting an account or data (the GDPR right keeps its name, cancellazione)',
    use: 'eliminare',
    avoid: [
      /\bcancell(a|o|i|iamo|ano|ato|ata|ati|ate|are|arl[aoie]|eremo|erà)\b/i,
      /\b(rimuov|togli)\w* (il tuo |l')account\b/i,
    ],
  },
  { concept: 'the privacy policy', use: 'informativa sulla privacy', avoid: [/\binformativ[ae] privacy\b/i] },
  { concept: 'the contact form', use: 'modulo Contattaci', avoid: [/\bmodulo di contatto\b/i] },
  { concept: 'one entry of the list of catches', use: 'scheda', avoid: [/\bdiario di ogni cattura\b/i] },
  {
    concept: 'following and the feed (calques of the English)',
    use: 'segui, i post di tutti',
    avoid: [/\bConnettiti\b/i, /\bpost globali\b/i],
  },
];

/** The words of `text` that the glossary sets aside, with the word to use instead. */
export function avoidedWords(text: string): Array<{ found: string; use: string }> {
  const own = text.replace(/“[^”]*”/g, '');
  return italianGlossary.flatMap((entry) =>
    entry.avoid.flatMap((pattern) => {
      const match = pattern.exec(own);
      return match ? [{ found: match[0], use: entry.use }] : [];
    }),
  );
}
