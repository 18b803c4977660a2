import { describe, expect, it } from 'vitest';
import { accountValues } from '../config/account';
import { helpTextValues } from '../config/help-text-values';
import { avoidedWords } from './glossary';

// The files as written, so that a text written for both answers of an app fact
// (locales/fact-texts.ts) is checked in both, not only in the one config gives.
const asWritten = (files: Record<string, string>) =>
  Object.entries(files).map(([file, text]) => [file, JSON.parse(text) as unknown] as const);
const italianFiles = asWritten(
  import.meta.glob<string>('./it/*.json', { eager: true, query: '?raw', import: 'default' }),
);
const articleFiles = asWritten(
  import.meta.glob<string>('./articles/*.json', { eager: true, query: '?raw', import: 'default' }),
);

/** Every string in a tree of texts, with where it is. */
function strings(tree: unknown, where: string): Array<[string, string]> {
  if (typeof tree === 'string') return [[where, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => strings(value, `${where}.${key}`));
}

const italianTexts: Array<[string, string]> = [
  ...italianFiles.flatMap(([file, texts]) => strings(texts, file)),
  ...articleFiles.flatMap(([file, texts]) => strings((texts as { it: unknown }).it, file)),
  ...strings(helpTextValues('it'), 'config/help-text-values.ts'),
  ...strings(accountValues('it'), 'config/account.ts'),
];

describe('the Italian glossary', () => {
  it('finds the words it sets aside, but not inside another product’s quoted label', () => {
    expect(avoidedWords('Gli altri membri vedono il post')).toEqual([{ found: 'membri', use: 'utente, utenti' }]);
    expect(avoidedWords('Tocca “Annulla abbonamento” e conferma')).toEqual([]);
    expect(avoidedWords("Puoi annullare l'abbonamento dallo store")).toHaveLength(1);
    expect(avoidedWords('Il meteo storico della cattura')).toHaveLength(1);
    expect(avoidedWords('Accesso…')).toHaveLength(1);
    expect(avoidedWords('Accesso in corso…')).toEqual([]);
    expect(avoidedWords('Consulta le previsioni marine')).toEqual([
      { found: 'previsioni marine', use: 'previsioni meteo marine' },
    ]);
    expect(avoidedWords('Connettiti e guarda i post degli amici')).toHaveLength(2);
    expect(avoidedWords('Li cancelliamo dopo 12 mesi')).toHaveLength(1);
    expect(avoidedWords('Il diritto alla cancellazione dei dati')).toEqual([]);
    expect(avoidedWords('Il luogo della cattura')).toHaveLength(1);
    expect(avoidedWords('Il luogo e il meteo passato di una cattura')).toHaveLength(1);
    expect(avoidedWords('Luogo e meteo passato non sono mai stati visibili.')).toHaveLength(1);
    expect(avoidedWords('Aggiungi foto, attrezzatura, luogo e data')).toHaveLength(1);
    expect(avoidedWords('Conserva il file in un luogo sicuro')).toEqual([]);
    expect(avoidedWords('Diventa un utente PRO')).toHaveLength(1);
    expect(avoidedWords('Diventa un utente Pro')).toEqual([]);
  });

  it('is kept by every Italian text', () => {
    expect(italianTexts.length).toBeGreaterThan(500);
    const found = italianTexts.flatMap(([where, text]) =>
      avoidedWords(text).map(({ found: word, use }) => `${where}: "${word}" (use ${use})`),
    );
    expect(found).toEqual([]);
  });
});
