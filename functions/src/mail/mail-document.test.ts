import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { buildContactMessage } from '../contact-message.js';
import { parseContext, parseMailDocument, senderOf } from './mail-document.js';

/** The document the site writes, built as the site builds it. */
const written = buildContactMessage({
  name: 'Ann',
  email: 'angler@example.org',
  subject: 'Tides are wrong',
  message: 'Hello',
  language: 'it',
  platform: 'android',
  appVersion: '1.2.3 (45)',
});

/** A document written before the site wrote plain fields. */
const old = {
  to: ['support@example.com'],
  replyTo: 'angler@example.org',
  message: { subject: 'Tides are wrong', html: '<p>Hello</p>' },
};

describe('parseMailDocument', () => {
  it('reads the document the site writes, with the time it was written', () => {
    const createdAt = Timestamp.fromMillis(Date.parse('2026-11-23T08:30:00Z'));
    const parsed = parseMailDocument({ ...written, createdAt, delivery: { state: 'PROCESSING' }, reference: 'X' });
    expect(parsed).toEqual({ ok: true, mail: { shape: 'fields', message: written, writtenMs: createdAt.toMillis() } });
    expect(parsed.ok && senderOf(parsed.mail)).toBe('angler@example.org');
  });

  it.each([
    ['no data', undefined, 'the document is empty'],
    ['a list', [], 'the document is empty'],
    ['no name', { ...written, name: undefined }, 'name is missing or not a string'],
    ['a name of 101 characters', { ...written, name: 'x'.repeat(101) }, 'name is too long'],
    ['a subject with a line break', { ...written, subject: 'a\nb' }, 'subject is not in the accepted form'],
    [
      'a name with a bidirectional override',
      { ...written, name: 'Ann\u202Egnp.exe' },
      'name is not in the accepted form',
    ],
    ['two addresses', { ...written, email: 'a@b.co,c@d.co' }, 'email is not in the accepted form'],
    ['a message that is a number', { ...written, message: 5 }, 'message is missing or not a string'],
    ['no context', { ...written, context: undefined }, 'context is missing or not a map'],
    [
      'an unknown device',
      { ...written, context: { language: 'en', platform: 'pc' } },
      'context.platform is not a known value',
    ],
  ])('rejects %s with a reason that names the field, not its value', (_, data, reason) => {
    expect(parseMailDocument(data)).toEqual({ ok: false, reason });
  });

  it('reads a document in the old shape as before', () => {
    const context = { language: 'it', platform: 'android', appVersion: '1.2.3 (45)' };
    expect(parseMailDocument({ ...old, context })).toEqual({
      ok: true,
      mail: { shape: 'html', subject: 'Tides are wrong', html: '<p>Hello</p>', replyTo: 'angler@example.org', context },
    });
  });

  it('drops an old-shape Reply-To that is not one plain address', () => {
    for (const replyTo of ['a@b.com, c@d.com', 'a@b.com\r\nBcc: c@d.com', 'Name <a@b.com>', 42, '']) {
      const parsed = parseMailDocument({ ...old, replyTo });
      expect(parsed.ok && senderOf(parsed.mail)).toBe(undefined);
    }
  });

  it.each([
    ['no subject', { message: { html: '<p>x</p>' } }, 'message.subject is missing or not a string'],
    ['a blank subject', { message: { subject: '  ', html: 'x' } }, 'message.subject is missing or not a string'],
    ['a number as html', { message: { subject: 's', html: 5 } }, 'message.html is missing or not a string'],
  ])('rejects an old-shape document with %s', (_, data, reason) => {
    expect(parseMailDocument(data)).toEqual({ ok: false, reason });
  });
});

describe('parseContext (old shape)', () => {
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
