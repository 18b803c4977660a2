// The text of a Firestore rules file, read only as far as the rules checks need: where each
// `allow` statement is, so that a check the rules fail can name the statement that let it
// through (scripts/lib/rules-checks.ts removes each in turn and tries again). Comments and
// string literals are skipped, so an `allow` or a `;` inside them is never taken for one.

/** One `allow` statement of a rules file: where it is and what it says. */
export type AllowStatement = {
  /** 1-based line of the word `allow`. */
  line: number;
  /** The statement as written, its white space runs made one space. */
  text: string;
  /** Offsets in the file: the `a` of `allow` and just after its `;` (or its last character). */
  start: number;
  end: number;
};

/** Just after the string literal opening at `index`: its closing quote, or the line's end when it has none. */
function stringEnd(rules: string, index: number): number {
  const quote = rules[index];
  let end = index + 1;
  while (end < rules.length && rules[end] !== quote && rules[end] !== '\n') end += rules[end] === '\\' ? 2 : 1;
  return end + 1;
}

/** Just after the comment or string literal that starts at `index`; undefined when none does. */
function literalEnd(rules: string, index: number): number | undefined {
  const char = rules[index];
  const next = rules[index + 1];
  if (char === '/' && next === '/') {
    const lineEnd = rules.indexOf('\n', index);
    return lineEnd < 0 ? rules.length : lineEnd;
  }
  if (char === '/' && next === '*') {
    const close = rules.indexOf('*/', index + 2);
    return close < 0 ? rules.length : close + 2;
  }
  return char === "'" || char === '"' ? stringEnd(rules, index) : undefined;
}

/**
 * Each character of the rules marked as code (true) or as part of a comment or string literal
 * (false). Rules strings are quoted with ' or " and escape with a backslash; comments are
 * `//` to the end of the line and `/* … *\/`.
 */
export function codeMask(rules: string): boolean[] {
  const mask = new Array<boolean>(rules.length).fill(true);
  let index = 0;
  while (index < rules.length) {
    const end = literalEnd(rules, index);
    if (end === undefined) {
      index++;
    } else {
      mask.fill(false, index, end);
      index = end;
    }
  }
  return mask;
}

/**
 * Every `allow` statement of a rules file, in order. A statement ends at its `;`; without one
 * (the rules language lets the last statement of a block go without), at the `}` that closes
 * its block. Braces of a map literal inside a condition are counted, not taken for the end.
 */
export function allowStatements(rules: string): AllowStatement[] {
  const code = codeMask(rules);
  const statements: AllowStatement[] = [];
  for (const found of rules.matchAll(/(?<![\w.$])allow(?![\w$])/g)) {
    const start = found.index;
    if (!code[start]) continue;
    let depth = 0;
    let end = start;
    for (; end < rules.length; end++) {
      if (!code[end]) continue;
      const char = rules[end];
      if (char === '{') depth++;
      else if (char === '}' && depth-- === 0) break;
      else if (char === ';' && depth === 0) {
        end++;
        break;
      }
    }
    const text = rules.slice(start, end).trimEnd();
    statements.push({
      line: rules.slice(0, start).split('\n').length,
      text: text.replace(/\s+/g, ' '),
      start,
      end: start + text.length,
    });
  }
  return statements;
}

/** What stands in for a removed statement: it grants nothing, and a block must hold one. */
export const grantsNothing = 'allow read: if false;';

/**
 * The rules without one statement: it is replaced by one that grants nothing (the emulator
 * refuses a `match` block left empty) followed by the statement's own line breaks, so every
 * other line keeps its number.
 */
export function withoutStatement(rules: string, statement: AllowStatement): string {
  const lineBreaks = rules.slice(statement.start, statement.end).replace(/[^\n]/g, '');
  return rules.slice(0, statement.start) + grantsNothing + lineBreaks + rules.slice(statement.end);
}

/** A statement as a refusal names it: line 12 `allow read: if true;`. */
export function describeStatement(statement: AllowStatement): string {
  return `line ${String(statement.line)} \`${statement.text}\``;
}
