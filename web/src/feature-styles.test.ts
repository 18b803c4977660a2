import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Each feature's styles live beside its components (features/<name>/*.css, imported by them);
// src/styles.css holds the site's base styles. The build joins them into one stylesheet, the
// features' after the base (vite.config.ts, cssCodeSplit). What keeps that order harmless, and
// the styles where a reader looks for them: every selector of a feature's file names a class
// only that feature's code uses, and the base names such a class only beside one of its own
// (a look a page shares with a feature).

const src = join(import.meta.dirname);

/** The files below a folder, relative to src, with `/` between folders. */
function filesIn(folder: string): string[] {
  return readdirSync(join(src, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
    relative(src, join(src, folder, file))
      .split(sep)
      .join('/'),
  );
}

/** Who uses a class: `features/<name>` for a feature's code, the top folder or file for the rest. */
function ownerOf(file: string): string {
  const [top = '', name = ''] = file.split('/');
  return top === 'features' ? `features/${name}` : top;
}

const code = filesIn('.').filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
const texts = new Map(code.map((file) => [file, readFileSync(join(src, file), 'utf8')]));

/**
 * The class names a file gives its elements: the words of its `className` strings, templates and
 * props; a word that a template ends with `${…}` (`account__provider--${provider}`) stands for
 * every class it starts.
 */
function classNamesIn(text: string): string[] {
  const values = text.matchAll(/className(?:=(?:"([^"]*)"|\{([^}]*)\})|:\s*'([^']*)')/g);
  return [...values].flatMap((value) =>
    [...(value[1] ?? value[2] ?? value[3] ?? '').matchAll(/[a-z][\w-]*(?:\$\{)?/g)].map((word) => word[0]),
  );
}

const classNames = [...texts].map(([file, text]) => ({ owner: ownerOf(file), names: classNamesIn(text) }));

/** The owners of the code that gives an element the class. */
function usersOf(name: string): Set<string> {
  const gives = (word: string) => (word.endsWith('${') ? name.startsWith(word.slice(0, -2)) : word === name);
  return new Set(classNames.filter(({ names }) => names.some(gives)).map(({ owner }) => owner));
}

/** A stylesheet's selectors, each a list of the class names it holds. */
function selectorsOf(css: string): string[][] {
  const rules = css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{/g);
  return [...rules]
    .map((rule) => (rule[1] ?? '').trim())
    .filter((selector) => !selector.startsWith('@') && !selector.startsWith(':root'))
    .map((selector) => [...selector.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? ''));
}

const featureSheets = filesIn('features').filter((file) => file.endsWith('.css'));

describe("the features' styles", () => {
  it('reads the classes of a stylesheet', () => {
    expect(selectorsOf('/* .no */ .a, .b-c:hover > p {}\n@media (width < 1px) {\n.d .e { x: y }\n}')).toEqual([
      ['a', 'b-c'],
      ['d', 'e'],
    ]);
  });

  it.each(featureSheets)('%s styles only what its feature draws', (sheet) => {
    const feature = ownerOf(sheet);
    const foreign = selectorsOf(readFileSync(join(src, sheet), 'utf8')).filter(
      (classes) =>
        !classes.some((name) => [...usersOf(name)].every((user) => user === feature) && usersOf(name).size > 0),
    );
    expect(foreign).toEqual([]);
  });

  it("the base styles name a feature's class only beside one of their own", () => {
    const ownedByOneFeature = (name: string) => {
      const users = [...usersOf(name)];
      return users.length === 1 && users[0]?.startsWith('features/') === true;
    };
    const reaching = selectorsOf(readFileSync(join(src, 'styles.css'), 'utf8')).filter(
      (classes) => classes.length > 0 && classes.every(ownedByOneFeature),
    );
    expect(reaching).toEqual([]);
  });
});
