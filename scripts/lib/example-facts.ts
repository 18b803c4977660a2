// The facts still holding an EXAMPLE value: every source line whose code ends in a
// `// EXAMPLE` marker (config/site.ts's operator and company, the account periods, the app's
// menu paths, the map of member data, …). `npm run deploy` lists them before deploying and
// refuses while any is left, unless told the target is not the public site.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './project.ts';

export type ExampleFact = { file: string; line: number; fact: string; note: string };

/** A line of code followed by the marker: `  vatNumber: 'IT…', // EXAMPLE VAT number`. */
const marked = /^(?<code>.*\S)\s*\/\/\s*EXAMPLE\b:?\s*(?<note>.*)$/;

/** What the marked line sets: its property or constant name, else the code itself, shortened. */
function factOf(code: string): string {
  const named = /^\s*(?:export\s+)?(?:const\s+)?([A-Za-z_$][\w$]*)\s*[:=]/.exec(code);
  const text = named?.[1] ?? code.trim();
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The marked facts of one file's text. */
export function exampleFactsIn(file: string, text: string): ExampleFact[] {
  return text.split('\n').flatMap((line, index) => {
    const match = marked.exec(line);
    if (!match?.groups) return [];
    const code = match.groups.code ?? '';
    // A comment that only talks about EXAMPLE values marks nothing.
    if (/^\s*(?:\/\/|\/?\*)/.test(code)) return [];
    return [{ file, line: index + 1, fact: factOf(code), note: (match.groups.note ?? '').trim() }];
  });
}

/** The TypeScript sources of the site and the functions that git tracks (tests left out). */
export function sourceFiles(dir = root): string[] {
  return execFileSync('git', ['ls-files', '--', 'web/src/*.ts', 'web/src/*.tsx', 'functions/src/*.ts'], {
    cwd: dir,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && !/\.test\.tsx?$/.test(file));
}

/** Every fact still marked EXAMPLE in the project. */
export function exampleFacts(dir = root): ExampleFact[] {
  return sourceFiles(dir).flatMap((file) => exampleFactsIn(file, readFileSync(join(dir, file), 'utf8')));
}

/** The facts as the deploy lists them: one line each, by file and line. */
export function formatExampleFacts(facts: ExampleFact[]): string {
  return facts
    .map(({ file, line, fact, note }) => `  ${file}:${String(line)}  ${fact}${note ? ` (${note})` : ''}`)
    .join('\n');
}
