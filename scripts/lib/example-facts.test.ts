import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleFacts, exampleFactsIn, formatExampleFacts, sourceFiles } from './example-facts.ts';
import { root } from './project.ts';

describe('the deploy’s list of EXAMPLE facts', () => {
  it('finds a marked line by its property or constant, and skips comments that only mention EXAMPLE', () => {
    const text = [
      '// EXAMPLE values are marked as such.',
      ' * EXAMPLE: the operator confirms it before launch.',
      "const appStoreId = '0000000000'; // EXAMPLE",
      "  vatNumber: 'IT00000000000', // EXAMPLE VAT number",
      "  rea: { office: 'LI', number: '000000' }, // EXAMPLE",
      '  shareCapitalEuro: undefined, // EXAMPLE: none for a partnership',
      "  'AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99', // EXAMPLE",
      "  origin: 'https://example.com', // an example of a real value, not a marker",
    ].join('\n');
    expect(exampleFactsIn('site.ts', text).map(({ line, fact, note }) => [line, fact, note])).toEqual([
      [3, 'appStoreId', ''],
      [4, 'vatNumber', 'VAT number'],
      [5, 'rea', ''],
      [6, 'shareCapitalEuro', 'none for a partnership'],
      [7, "'AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC…", ''],
    ]);
  });

  it('lists every line of the project still marked EXAMPLE', () => {
    // Counted independently of the parser: every tracked source line ending in the marker.
    const markedLines = sourceFiles().flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .map((line, index) => ({ file, line: index + 1, text: line }))
        .filter(({ text }) => /\S\s*\/\/ EXAMPLE\b/.test(text) && !/^\s*(\/\/|\*)/.test(text)),
    );
    const listed = exampleFacts();
    expect(listed.map(({ file, line }) => `${file}:${String(line)}`)).toEqual(
      markedLines.map(({ file, line }) => `${file}:${String(line)}`),
    );
    // The facts a visitor, a store reviewer or a regulator reads are among them while marked.
    const facts = new Set(listed.map(({ fact }) => fact));
    for (const fact of ['operatorName', 'vatNumber', 'registeredOffice', 'rea', 'pec', 'dataProtectionEmail'])
      expect(facts.has(fact), fact).toBe(true);
    // And the facts about the app that the help articles are written for (config/app-facts.ts).
    const appFacts = new Set(
      listed.filter(({ file }) => file === 'web/src/config/app-facts.ts').map(({ fact }) => fact),
    );
    for (const fact of [
      'familySharing',
      'forecastLakes',
      'forecastRivers',
      'forecastUpdateHours',
      'proTrialDays',
      'proOfferCodes',
      'catchExport',
      'privateProfile',
      'profileSearch',
      'followListsShown',
      'shownFields',
    ])
      expect(appFacts.has(fact), fact).toBe(true);
    expect(formatExampleFacts(listed)).toContain('web/src/config/site.ts:');
  });
});
