import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { appFacts } from '../src/config/app-facts.ts';
import { chooseFactTexts, type FactsChosen } from '../src/locales/fact-texts.ts';

// The site's text files as the built site holds them: each text written for both answers of an
// app fact (src/locales/fact-texts.ts) replaced by the answer config/app-facts.ts gives.

const textFiles = /\/src\/locales\/.*\.json$/;

/** A text file of src/locales, read as the built site holds it. */
export function readTextFile<Value = unknown>(file: string): FactsChosen<Value> {
  return chooseFactTexts(JSON.parse(readFileSync(file, 'utf8')) as Value, appFacts, relative(process.cwd(), file));
}

/** The text files the site imports (src/locales/**\/*.json), each with the answers config gives. */
export function factTextsAtBuild(): Plugin {
  return {
    name: 'fact-texts',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('?') || !textFiles.test(id.replace(/\\/g, '/'))) return undefined;
      const chosen = chooseFactTexts(JSON.parse(code) as unknown, appFacts, relative(process.cwd(), id));
      return { code: JSON.stringify(chosen), map: null };
    },
  };
}
