import type { Language } from '../../../config/languages';

// How the help centre's search reads words, the same when the build indexes the articles
// (build/help-search.ts) and when a visitor's words are looked up: lower case, no accents,
// the little words left out, and each word cut to a stem so the forms of one word meet
// ("cancelled", "cancelling", "cancellation" → "cancel"; "abbonamento", "abbonamenti" →
// "abbonament"; "annullare", "annullato" → "annull"). Typos are the search's own fuzzy match.

/** Words too common to tell articles apart. */
const stopWords: Readonly<Record<Language, ReadonlySet<string>>> = {
  en: new Set(
    'a an and are as at be by can do does for from has have how i if in is it its me my no not of on or so that the this to was what when where which who why will with you your'.split(
      ' ',
    ),
  ),
  it: new Set(
    'a ad al alla alle allo anche che chi ci come con da dal dalla dei del della delle di dove e ed gli ha hai ho i il in io la le lo ma mi mia mie miei mio ne nel nella non o per perche piu puo posso se si sono su sul sulla ti tu tua tue tuo tuoi un una uno'.split(
      ' ',
    ),
  ),
};

/** Endings cut from a word, longest first; what is left keeps at least `minStem` letters. */
const suffixes: Readonly<Record<Language, readonly string[]>> = {
  en: ['ations', 'ation', 'ings', 'ing', 'edly', 'ed', 'es', 'ly', 's', 'e'],
  it: [
    'azioni',
    'azione',
    'ando',
    'endo',
    'are',
    'ere',
    'ire',
    'ato',
    'ata',
    'ati',
    'ate',
    'ito',
    'ita',
    'iti',
    'ite',
    'uto',
    'uta',
    'uti',
    'ute',
    'a',
    'e',
    'i',
    'o',
  ],
};
const minStem = 3;

/** A word in lower case without accents: "Perché" → "perche". */
export function normalizeWord(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** The stem of a normalised word. */
export function stem(word: string, language: Language): string {
  let stemmed = word;
  for (const suffix of suffixes[language]) {
    if (stemmed.endsWith(suffix) && stemmed.length - suffix.length >= minStem) {
      stemmed = stemmed.slice(0, -suffix.length);
      break;
    }
  }
  // "cancell" (from "cancelled") and "cancel" are one word.
  if (language === 'en' && /([bdglmnprt])\1$/.test(stemmed) && stemmed.length > minStem + 1) {
    stemmed = stemmed.slice(0, -1);
  }
  return stemmed;
}

/**
 * MiniSearch's `processTerm` for a language: the term it indexes or looks up for a word, or
 * null for a word it leaves out (a little word, or a single letter: the "l" of "l'app").
 */
export function termProcessor(language: Language): (term: string) => string | null {
  return (term) => {
    const word = normalizeWord(term);
    if (word.length < 2 || stopWords[language].has(word)) return null;
    return stem(word, language);
  };
}
