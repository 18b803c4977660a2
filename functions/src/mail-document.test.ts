import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { isPlainEmail } from './contact-fields.js';
import { parseContext, parseMailDocument } from './mail-document.js';

const valid = {
  to: ['support@example.com'],
  replyTo: 'angler@example.org',
  message: { subject: 'Tides are wrong', html: '<p>Hello</p>' },
};

describe('parseMailDocument', () => {
  it('accepts the document the site writes', () => {
    expect(parseMailDocument(valid)).toEqual({
      ok: true,
      mail: { subject: 'Tides are wrong', html: '<p>Hello</p>', replyTo: 'angler@example.org', context: {} },
    });
  });

  it('keeps the context and the time the document was written', () => {
    const createdAt = Timestamp.fromMillis(Date.parse('2026-11-23T08:30:00Z'));
    const context = { language: 'it', platform: 'android', appVersion: '1.2.3 (45)' };
    const parsed = parseMailDocument({ ...valid, context, createdAt });
    expect(parsed.ok && parsed.mail.context).toEqual(context);
    expect(parsed.ok && parsed.mail.writtenMs).toBe(createdAt.toMillis());
  });

  it('drops a Reply-To that is not one plain address', () => {
    for (const replyTo of ['a@b.com, c@d.com', 'a@b.com\r\nBcc: c@d.com', 'Name <a@b.com>', 42, '']) {
      const parsed = parseMailDocument({ ...valid, replyTo });
      expect(parsed.ok && parsed.mail.replyTo).toBe(undefined);
    }
  });

  it.each([
    ['no data', undefined, 'the document is empty'],
    ['a list', [], 'the document is empty'],
    ['no message', { to: valid.to }, 'message is missing or not a map'],
    ['a string message', { message: 'hi' }, 'message is missing or not a map'],
    ['no subject', { message: { html: '<p>x</p>' } }, 'message.subject is missing or not a string'],
    ['a blank subject', { message: { subject: '  ', html: 'x' } }, 'message.subject is missing or not a string'],
    ['a number as html', { message: { subject: 's', html: 5 } }, 'message.html is missing or not a string'],
  ])('rejects %s with a reason', (_, data, reason) => {
    expect(parseMailDocument(data)).toEqual({ ok: false, reason });
  });
});

describe('parseContext', () => {
  it('keeps each well-formed field', () => {
    expect(parseContext({ language: 'en', platform: 'ios', appVersion: '2.0.0-beta.1' })).toEqual({
      language: 'en',
      platform: 'ios',
      appVersion: '2.0.0-beta.1',
    });
    expect(parseContext({ language: 'en' })).toEqual({ language: 'en' });
  });

  it('leaves out what is malformed, and keeps the rest', () => {
    expect(parseContext({ language: 'English', platform: 'windows', appVersion: '<b>1.0</b>', extra: 'x' })).toEqual(
      {},
    );
    expect(parseContext({ language: 'it', appVersion: '1'.repeat(33) })).toEqual({ language: 'it' });
    expect(parseContext({ platform: 'android', appVersion: '1.0\r\nBcc: x@y.z' })).toEqual({ platform: 'android' });
    expect(parseContext('android')).toEqual({});
    expect(parseContext(undefined)).toEqual({});
  });
});

describe('isPlainEmail', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.it', "o'neil{x}~@my-host.example.com"])('accepts %s', (value) => {
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
    'a@b..com',
    'a@b_c.com',
    'a@.b.com',
    `${'a'.repeat(250)}@b.com`,
  ])('rejects %j', (value) => {
    expect(isPlainEmail(value)).toBe(false);
  });
});
