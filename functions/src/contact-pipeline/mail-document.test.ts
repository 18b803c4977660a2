import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { buildContactMessage } from '../contracts/contact-message.js';
import { fieldsBesidesPicture, parseContext, parseMailDocument, parsePicture, senderOf } from './mail-document.js';

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

  it('carries the bytes of a picture that came with the message, as the Admin SDK reads them', () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    expect(parseMailDocument({ ...written, picture: bytes })).toEqual({
      ok: true,
      mail: { shape: 'fields', message: written, picture: { kind: 'bytes', bytes } },
    });
    const view = new Uint8Array([1, 2, 3]);
    expect(parsePicture(view)).toEqual({ kind: 'bytes', bytes: view });
  });

  it('has no picture when the document has none', () => {
    const parsed = parseMailDocument(written);
    expect(parsed.ok && parsed.mail).not.toHaveProperty('picture');
  });

  it.each([
    ['text', 'data:image/jpeg;base64,/9j/4AAQ', 'is text, not bytes'],
    ['a list', [0xff, 0xd8], 'is a list, not bytes'],
    ['a map', { bytes: Buffer.from([1]) }, 'is a map, not bytes'],
    ['a number', 42, 'is a number, not bytes'],
    ['true', true, 'is true or false, not bytes'],
    ['null', null, 'is null, not bytes'],
    ['a time', Timestamp.fromMillis(0), 'is a time, not bytes'],
  ])('carries a picture that is %s as refused, with a reason, and still reads the message', (_, picture, reason) => {
    expect(parseMailDocument({ ...written, picture })).toEqual({
      ok: true,
      mail: { shape: 'fields', message: written, picture: { kind: 'refused', reason } },
    });
  });

  it('reads no picture in the old shape', () => {
    const parsed = parseMailDocument({ ...old, picture: Buffer.from([1]) });
    expect(parsed.ok && parsed.mail).not.toHaveProperty('picture');
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

describe('fieldsBesidesPicture', () => {
  const only = (data: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(data).filter(([key]) => fieldsBesidesPicture.includes(key)));

  it('leaves out the picture, and nothing the message is read from', () => {
    expect(fieldsBesidesPicture).not.toContain('picture');
    const createdAt = Timestamp.fromMillis(Date.parse('2026-11-23T08:30:00Z'));
    const full = { ...written, createdAt, picture: Buffer.alloc(64), delivery: { state: 'RETRY' }, reference: 'X' };
    expect(parseMailDocument(full)).toMatchObject({ ok: true, mail: { picture: { kind: 'bytes' } } });
    expect(parseMailDocument(only(full))).toEqual({
      ok: true,
      mail: { shape: 'fields', message: written, writtenMs: createdAt.toMillis() },
    });
    expect(only(full)).toMatchObject({ delivery: { state: 'RETRY' }, createdAt, reference: 'X' });
    const oldShape = { ...old, context: { language: 'it' }, createdAt };
    expect(parseMailDocument(only(oldShape))).toEqual(parseMailDocument(oldShape));
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
