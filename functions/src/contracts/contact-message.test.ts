import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  buildContactMessage,
  cleanField,
  contactFields,
  contactMessageSchema,
  fieldProblem,
  type ContactField,
  isPlainEmail,
  isValid,
  messageText,
  parseContactMessage,
  patterns,
  referenceFor,
  referencePattern,
  singleLine,
  type ContactDraft,
} from './contact-message.js';

const draft: ContactDraft = {
  name: 'Ann',
  email: 'angler@example.org',
  subject: 'Tides are wrong',
  message: 'Hello',
  language: 'en',
};

/** Invisible format characters a single line refuses: bidirectional controls, zero widths, BOM, a tag. */
const formatCharacters = [
  '\u061C',
  '\u180E',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200B',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u{E0041}',
];
/** Control characters and separators that would end a header line. */
const breakCharacters = [
  '\n',
  '\r',
  '\t',
  '\u000B',
  '\u000C',
  '\u0000',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u009F',
  '\u2028',
  '\u2029',
];

describe('the line pattern (name, subject)', () => {
  it.each(['Ann', 'A', 'Marco Rossi', "O'Neil & Co.", 'è', '🎣 Pesca', 'Ann\u00A0Lee', '<b>x</b>'])(
    'accepts %j',
    (value) => {
      expect(isValid('line', value)).toBe(true);
    },
  );

  it.each([
    ['empty', ''],
    ['a space', ' '],
    ['a leading space', ' Ann'],
    ['a trailing no-break space', 'Ann\u00A0'],
    ['a trailing ideographic space', 'Ann\u3000'],
    ...formatCharacters.map((character) => [
      `U+${character.codePointAt(0)?.toString(16).toUpperCase() ?? ''}`,
      `An${character}n`,
    ]),
    ...breakCharacters.map((character) => [
      `U+${character.codePointAt(0)?.toString(16).toUpperCase() ?? ''}`,
      `An${character}n`,
    ]),
  ])('refuses %s', (_, value) => {
    expect(isValid('line', value)).toBe(false);
  });
});

describe('the text pattern (message)', () => {
  it.each(['Hello', 'a\nb', 'a\r\nb', 'a\tb', 'a\n\n  b', 'famiglia 👨\u200D👩\u200D👧', 'a\u202Eb'])(
    'accepts %j',
    (value) => {
      expect(isValid('text', value)).toBe(true);
    },
  );

  it.each([
    ['empty', ''],
    ['only line breaks', '\n\n'],
    ['a trailing line break', 'a\n'],
    ['a leading zero-width space', '\u200Ba'],
    ['a NUL', 'a\u0000b'],
    ['an escape', 'a\u001Bb'],
    ['a vertical tab', 'a\u000Bb'],
  ])('refuses %s', (_, value) => {
    expect(isValid('text', value)).toBe(false);
  });
});

describe('isPlainEmail', () => {
  it.each([
    'a@b.co',
    'first.last+tag@sub.example.it',
    "o'neil{x}~@my-host.example.com",
    `${'a'.repeat(64)}@${'b'.repeat(185)}.com`,
  ])('accepts %s', (value) => {
    expect(isPlainEmail(value)).toBe(true);
  });
  it.each([
    '',
    'a@b',
    'a b@c.de',
    'a@b.c\n',
    'a@b.c\r\nBcc: c@d.com',
    'a@b.com;c@d.com',
    'a@b.com,c@d.com',
    '<a@b.com>',
    '"a"@b.com',
    'a..b@c.com',
    '.a@b.com',
    'a.@b.com',
    'a@b..com',
    'a@b_c.com',
    'a@.b.com',
    'a@b.com.',
    `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
  ])('refuses %j', (value) => {
    expect(isPlainEmail(value)).toBe(false);
  });
});

describe('the patterns', () => {
  it('are read alike by JavaScript and RE2: no \\s, \\w, \\d or \\b, whose meanings differ', () => {
    for (const source of Object.values(patterns)) expect(source).not.toMatch(/\\[swdbSWDB]/);
  });

  it('take only Firestore automatic ids as document ids', () => {
    expect(isValid('documentId', 'Q2x9LmTz81KpRw3vBn0c')).toBe(true);
    for (const id of ['Q2x9LmTz81KpRw3vBn0', 'Q2x9LmTz81KpRw3vBn0cX', 'K7Q-2MX-aaaaaaaaaaaa', 'Q2x9LmTz81KpRw3vBn_c']) {
      expect(isValid('documentId', id)).toBe(false);
    }
  });
});

describe('singleLine and messageText', () => {
  it('make one line: format characters go, breaks and runs of space become one space', () => {
    expect(singleLine(' a\nb\r\nc\u2028d\t\te\u0000f\u0085g\u202Eh\u200Bi\u00A0 j  ')).toBe('a b c d e f ghi j');
    expect(singleLine('\u200B \u202E')).toBe('');
  });

  it("keep the message's lines and tabs, dropping other control characters and blank ends", () => {
    expect(messageText('\u200B\n  Hello\r\nthere\u0007\tyou\r\rbye \n\u00A0')).toBe('Hello\nthere\tyou\n\nbye');
  });

  it('give values the patterns accept, or empty', () => {
    const samples = ['', ' x ', ...formatCharacters, ...breakCharacters].flatMap((a) => [
      a,
      `x${a}`,
      `${a}x${a}`,
      `${a}${a}x ${a}y${a}`,
    ]);
    for (const sample of samples) {
      for (const field of ['name', 'message'] as const) {
        const cleaned = cleanField(field, sample);
        if (cleaned !== '')
          expect(isValid(contactFields[field].kind, cleaned), `${field} ${JSON.stringify(sample)}`).toBe(true);
      }
    }
  });
});

describe('buildContactMessage and parseContactMessage', () => {
  it('build what the site writes: each field cleaned, the context as given', () => {
    expect(
      buildContactMessage({
        name: ' Ann\u202E ',
        email: ' angler@example.org ',
        subject: 'Hello\r\nBcc: victim@example.com',
        message: '\nLine one\r\nLine two\n',
        language: 'it',
        platform: 'ios',
        appVersion: ' 1.2.3 (45) ',
      }),
    ).toEqual({
      name: 'Ann',
      email: 'angler@example.org',
      subject: 'Hello Bcc: victim@example.com',
      message: 'Line one\nLine two',
      context: { language: 'it', platform: 'ios', appVersion: '1.2.3 (45)' },
    });
  });

  it('leave out an app version that is not one, and a device not given', () => {
    expect(buildContactMessage({ ...draft, platform: '', appVersion: '<b>1</b>' }).context).toEqual({ language: 'en' });
  });

  it('refuse to build a message with a field still invalid', () => {
    expect(() => buildContactMessage({ ...draft, name: 'x'.repeat(contactFields.name.max + 1) })).toThrow();
    expect(() => buildContactMessage({ ...draft, email: 'not an address' })).toThrow();
    expect(() => buildContactMessage({ ...draft, message: ' ' })).toThrow();
    expect(() => buildContactMessage({ ...draft, language: 'english' })).toThrow();
    expect(() => buildContactMessage({ ...draft, platform: 'windows' as 'ios' })).toThrow();
  });

  // The site checks with the limits and patterns alone (no schema library in its script); the
  // function reads with the schema. Both must say the same of every value.
  it('judge every field as the schema the function reads with does', () => {
    const values = [
      '',
      ' ',
      'Ann',
      'angler@example.org',
      'not an address',
      'a\u202Eb',
      'Hello\r\nBcc: victim@example.com',
      'Line one\n\nLine two',
      '\u200B',
      '😀‍👍',
      ...Object.values(contactFields).flatMap(({ max }) => ['x'.repeat(max), 'x'.repeat(max + 1)]),
      `${'a'.repeat(64)}@${'b'.repeat(185)}.org`,
    ];
    for (const name of Object.keys(contactFields) as ContactField[]) {
      for (const value of values) {
        const schemaSays = v.safeParse(contactMessageSchema.entries[name], cleanField(name, value)).success;
        expect(fieldProblem(name, value) === undefined, `${name}: ${JSON.stringify(value)}`).toBe(schemaSays);
      }
    }
  });

  it('name the known-problem notice shown by its id, only an id of its form', () => {
    const notice = 'Nw4kR8s2MjUx92LqSx4w';
    const built = buildContactMessage({ ...draft, notice });
    expect(built.notice).toBe(notice);
    expect(parseContactMessage(built)).toEqual({ ok: true, message: built });
    for (const wrong of ['current', `${notice}x`, '', '<b>x</b>']) {
      expect(buildContactMessage({ ...draft, notice: wrong }), wrong).not.toHaveProperty('notice');
      expect(parseContactMessage({ ...built, notice: wrong })).toEqual({
        ok: false,
        reason: 'notice is not in the accepted form',
      });
    }
    expect(parseContactMessage({ ...built, notice: 7 })).toEqual({
      ok: false,
      reason: 'notice is missing or not a string',
    });
  });

  it('build only what the schema reads back unchanged', () => {
    const built = buildContactMessage({ ...draft, platform: 'android', appVersion: '2.0.0-beta.1' });
    expect(v.parse(contactMessageSchema, built)).toEqual(built);
  });

  it("read back exactly what they built, dropping fields that are not the message's", () => {
    const built = buildContactMessage(draft);
    expect(parseContactMessage({ ...built, delivery: { state: 'SUCCESS' }, reference: 'AAA-AAA' })).toEqual({
      ok: true,
      message: built,
    });
  });

  it('allow each limit and no more, in UTF-16 code units', () => {
    for (const [field, { max }] of Object.entries(contactFields)) {
      const fits = field === 'email' ? `${'a'.repeat(max - 6)}@b.com` : '🎣'.repeat(Math.floor(max / 2));
      const over = field === 'email' ? `a${fits}` : `${fits}🎣`;
      expect(parseContactMessage({ ...buildContactMessage(draft), [field]: fits }).ok, field).toBe(true);
      expect(parseContactMessage({ ...buildContactMessage(draft), [field]: over })).toEqual({
        ok: false,
        reason: `${field} is too long`,
      });
    }
  });
});

describe('referenceFor', () => {
  it('gives the same reference for the same id, in the reference shape', () => {
    expect(referenceFor('AbCdEfGhIjKlMnOpQrSt')).toBe(referenceFor('AbCdEfGhIjKlMnOpQrSt'));
    expect(referenceFor('AbCdEfGhIjKlMnOpQrSt')).toMatch(referencePattern);
  });

  it('tells apart ids that differ in one letter or only in case', () => {
    expect(referenceFor('AbCdEfGhIjKlMnOpQrSt')).not.toBe(referenceFor('AbCdEfGhIjKlMnOpQrSu'));
    expect(referenceFor('abcdefghijklmnopqrst')).not.toBe(referenceFor('ABCDEFGHIJKLMNOPQRST'));
  });

  it('spreads ids over its range: 10,000 random ids share few references', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let seed = 17;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    const ids = Array.from({ length: 10_000 }, () =>
      Array.from({ length: 20 }, () => alphabet[random() % alphabet.length]).join(''),
    );
    const references = new Set(ids.map(referenceFor));
    // 2^30 references: 10,000 ids are expected to share about 0.05 of one.
    expect(ids.length - references.size).toBeLessThanOrEqual(2);
    for (const reference of references) expect(reference).toMatch(referencePattern);
  });
});
