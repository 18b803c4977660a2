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
