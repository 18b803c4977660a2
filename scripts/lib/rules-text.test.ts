import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './project.ts';
import { allowStatements, codeMask, describeStatement, grantsNothing, withoutStatement } from './rules-text.ts';

const rules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    // allow read: if true;  (a comment, not a statement)
    match /users/{uid} {
      allow read, write: if request.auth != null
        && request.auth.uid == uid;
    }
    /* allow write; in a block comment */
    match /notes/{id} {
      allow get: if resource.data.tag == 'allow; }' && resource.data.kind == "a\\"; allow";
      allow list: if request.query.limit <= {'max': 10}.max
    }
  }
}`;

describe('allow statements', () => {
  it('are found with their line and text, comments and strings skipped', () => {
    expect(allowStatements(rules).map(({ line, text }) => [line, text])).toEqual([
      [6, 'allow read, write: if request.auth != null && request.auth.uid == uid;'],
      [11, `allow get: if resource.data.tag == 'allow; }' && resource.data.kind == "a\\"; allow";`],
      [12, "allow list: if request.query.limit <= {'max': 10}.max"],
    ]);
  });

  it('end at the closing brace when the last one has no semicolon, a map literal counted', () => {
    const last = allowStatements(rules).at(-1);
    expect(rules.slice(last?.end).trimStart().startsWith('}')).toBe(true);
  });

  it("are found in the repository's own rules: the Mail block's two, the HelpSignals block's two and the catch-all", () => {
    const ours = readFileSync(join(root, 'firestore.rules'), 'utf8');
    expect(allowStatements(ours).map(({ text }) => text)).toEqual([
      "allow create: if mailId.matches('^[A-Za-z0-9]{20}$') && isContactMessage(request.resource.data);",
      'allow read, update, delete: if false;',
      "allow create: if signalId.matches('^[A-Za-z0-9]{20}$') && isHelpSignal(request.resource.data);",
      'allow read, update, delete: if false;',
      'allow read, write: if false;',
    ]);
  });

  it('are not words that only start with allow, nor fields named so', () => {
    const text = 'match /a/{b} { allow read: if resource.data.allow == true && allowed(); }';
    expect(allowStatements(text).map(({ text: found }) => found)).toEqual([
      'allow read: if resource.data.allow == true && allowed();',
    ]);
  });

  it('are described with their line for a refusal', () => {
    const first = allowStatements(rules)[0];
    expect(first && describeStatement(first)).toBe(
      'line 6 `allow read, write: if request.auth != null && request.auth.uid == uid;`',
    );
  });
});

describe('a rules file without one statement', () => {
  it('has one that grants nothing in its place and every other line and statement as it was', () => {
    const [first, ...others] = allowStatements(rules);
    if (!first) throw new Error('no statement found');
    const shorter = withoutStatement(rules, first);
    expect(shorter.split('\n')).toHaveLength(rules.split('\n').length);
    expect(shorter).not.toContain('request.auth.uid == uid');
    expect(allowStatements(shorter).map(({ line, text }) => [line, text])).toEqual([
      [first.line, grantsNothing],
      ...others.map(({ line, text }) => [line, text]),
    ]);
  });
});

describe('the code mask', () => {
  it('marks comments and strings, escapes included, and nothing else', () => {
    const text = `a // b\nc 'd\\'e' "f" /* g */ h`;
    const mask = codeMask(text);
    const kept = text.replace(/[\s\S]/g, (char, index: number) => (mask[index] ? char : ''));
    expect(kept).toBe('a \nc    h');
  });
});
