import { describe, expect, it } from 'vitest';
import type { CheckFailure, RulesReport } from './rules-checks.ts';
import { describeRulesFailures } from './rules-report.ts';
import { allowStatements } from './rules-text.ts';

const rules = `service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if request.auth != null; }
    match /Mail/{id} { allow read: if true; }
  }
}`;
const [wildcard, mailRead] = allowStatements(rules);

const failure = (check: string, more: Partial<CheckFailure> = {}): CheckFailure => ({
  check,
  topic: 'mail',
  expect: 'refused',
  detail: 'the rules let it through',
  traced: true,
  ...more,
});
const report = (failures: CheckFailure[]): RulesReport => ({
  checks: 500,
  failures,
  statementsTried: 2,
  traceBudget: 2000,
});

describe('a rules report in words', () => {
  it('is nothing when every check passed', () => {
    expect(describeRulesFailures(report([]), 'The live rules')).toBeUndefined();
  });

  it('groups the failures by the statement that lets them through, naming three of each', () => {
    const text = describeRulesFailures(
      report([
        ...['a', 'b', 'c', 'd', 'e'].map((name) => failure(`check ${name}`, { allowedBy: wildcard })),
        failure('check f', { allowedBy: mailRead }),
      ]),
      'The live rules',
    );
    expect(text?.split('\n')).toEqual([
      'The live rules let a client read, change or delete contact messages (or set their delivery, which skips the caps). 6 of 500 checks failed:',
      '  line 3 `allow read, write: if request.auth != null;` lets through:',
      '    ✖ check a',
      '    ✖ check b',
      '    ✖ check c',
      '    … and 2 more',
      '  line 4 `allow read: if true;` lets through:',
      '    ✖ check f',
    ]);
  });

  it('says what each kind of failure means, the worst first, and why a wanted write failed', () => {
    const text = describeRulesFailures(
      report([
        failure('hostile one', { topic: 'hostile' }),
        failure('the message', {
          topic: 'message',
          expect: 'allowed',
          detail: 'the rules refused it',
          traced: false,
        }),
        failure('untraced', { topic: 'functions', traced: false }),
      ]),
      'rules.txt',
    );
    expect(text).toMatch(
      /^rules\.txt refuse the site's contact message: .*; they let a client read or write the functions' own data .*; they let a client write a contact message the site's rules refuse .*\. 3 of 500 checks failed:/,
    );
    expect(text).toContain('  the rules refuse:\n    ✖ the message: the rules refused it');
    expect(text).toContain(
      '  also let through (not traced to a statement: tracing stops after 2000 runs of a check):\n    ✖ untraced',
    );
    expect(text).toContain(
      '  more than one statement lets through (removing any one alone did not stop it):\n    ✖ hostile one',
    );
  });

  it('repeats no plain "let through", but says what else happened to a request let in', () => {
    const text = describeRulesFailures(
      report([
        failure('plain', { allowedBy: mailRead }),
        failure('then missing', { allowedBy: mailRead, detail: 'the rules let it through (then: NOT_FOUND)' }),
      ]),
      'The live rules',
    );
    expect(text).toContain('    ✖ plain\n    ✖ then missing: the rules let it through (then: NOT_FOUND)');
  });

  it('says when the emulator could not compile the rules', () => {
    expect(
      describeRulesFailures({ ...report([]), checks: 0, compileError: 'L3:5 Unexpected }' }, 'The live rules'),
    ).toBe('The live rules do not compile in the Firestore emulator: L3:5 Unexpected }');
  });
});
