import { describe, expect, it } from 'vitest';
import { site } from '../../config/site';
import {
  contactLimits,
  prefillFromQuery,
  toMailDocument,
  validateAppVersion,
  validateContactMessage,
  validateField,
} from './contact-message';

const isPlausibleEmail = (email: string) => validateField('email', email) === undefined;

describe('contact message', () => {
  it.each(['angler@example.com', 'a.b+c@mail.example.it', "o'neil@example.co.uk"])('accepts %s', (email) => {
    expect(isPlausibleEmail(email)).toBe(true);
  });

  it.each([
    'angler',
    'angler@',
    '@example.com',
    'angler@example',
    'two@example.com, other@example.com',
    'a b@example.com',
    'angler@example.com\r\nBcc: x@example.com',
    'angler..x@example.com',
    '<angler@example.com>',
  ])('rejects %j', (email) => {
    expect(isPlausibleEmail(email)).toBe(false);
  });

  it('requires every field and keeps each within its limit', () => {
    expect(validateContactMessage({ email: '', name: ' ', subject: '', message: '\n' })).toEqual({
      email: 'required',
      name: 'required',
      subject: 'required',
      message: 'required',
    });
    expect(validateField('name', 'x'.repeat(contactLimits.name))).toBeUndefined();
    expect(validateField('name', 'x'.repeat(contactLimits.name + 1))).toBe('tooLong');
    expect(validateField('message', 'x'.repeat(5001))).toBe('tooLong');
    expect(validateField('email', 'not an address')).toBe('email');
  });

  it('becomes a Mail document for the support address with the sender, subject and message in html', () => {
    const document = toMailDocument(
      {
        email: ' angler@example.com ',
        name: 'Ada <b>Lovelace</b>',
        subject: 'Hello\r\nBcc: victim@example.com',
        message: 'Line one\n<img src=x onerror=alert(1)>\r\nLine three',
      },
      'it',
    );
    expect(document.to).toEqual([site.supportEmail]);
    expect(document.replyTo).toBe('angler@example.com');
    expect(document.message.subject).toBe('Hello Bcc: victim@example.com');
    expect(document.message.html).toContain('<strong>Name:</strong> Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(document.message.html).toContain('<strong>Email:</strong> angler@example.com');
    expect(document.message.html).toContain('Line one<br>\n&lt;img src=x onerror=alert(1)&gt;<br>\nLine three');
    expect(document.message.html).not.toMatch(/<img|<b>/);
    // The message first, then who wrote it.
    expect(document.message.html.indexOf('Line one')).toBeLessThan(document.message.html.indexOf('Name:'));
    expect(document.context).toEqual({ language: 'it' });
  });

  it('carries the device and app version the visitor gave, and only a valid version', () => {
    const values = { email: 'a@example.com', name: 'Ann', subject: 'Crash', message: 'It closes.' };
    expect(toMailDocument(values, 'en', { platform: 'ios', appVersion: ' 1.2.3 (45) ' }).context).toEqual({
      language: 'en',
      platform: 'ios',
      appVersion: '1.2.3 (45)',
    });
    expect(toMailDocument(values, 'en', { platform: '', appVersion: '<b>1</b>' }).context).toEqual({ language: 'en' });
  });

  it('takes an app version like the app reports it, or none', () => {
    for (const version of ['', '  ', '1.2.3', '1.2.3 (45)', '2.0.0-beta.1', '10.4_2+build']) {
      expect(validateAppVersion(version)).toBeUndefined();
    }
    expect(validateAppVersion('1'.repeat(33))).toBe('tooLong');
    for (const version of ['-1.0', '<b>1</b>', 'v1;rm', '1.0\nBcc: a@b.co', 'versione è 1']) {
      expect(validateAppVersion(version)).toBe('appVersion');
    }
  });

  it('stays within the size the rules accept even when every character is escaped', () => {
    const worst = toMailDocument(
      {
        email: 'a@example.com',
        name: '"'.repeat(contactLimits.name),
        subject: '"'.repeat(contactLimits.subject),
        message: '"'.repeat(contactLimits.message),
      },
      'en',
    );
    expect(worst.message.html.length).toBeLessThanOrEqual(40_000);
  });
});

describe('prefillFromQuery', () => {
  it('takes the subject, as one plain line within its limit', () => {
    expect(prefillFromQuery('?subject=Account%20deletion%20request')).toEqual({ subject: 'Account deletion request' });
    expect(prefillFromQuery('?subject=a%0D%0ABcc:%20x%40example.net')).toEqual({ subject: 'a Bcc: x@example.net' });
    expect(prefillFromQuery(`?subject=${'x'.repeat(400)}`).subject).toHaveLength(contactLimits.subject);
  });

  it('takes the device and app version the app opens the form with', () => {
    expect(prefillFromQuery('?platform=android&version=1.2.3')).toEqual({ platform: 'android', appVersion: '1.2.3' });
    expect(prefillFromQuery('?platform=iOS&version=2.0%20(17)')).toEqual({ platform: 'ios', appVersion: '2.0 (17)' });
  });

  it('leaves out an unknown device and a version that is not one', () => {
    expect(prefillFromQuery('?platform=windows&version=%3Cscript%3E')).toEqual({});
    expect(prefillFromQuery(`?platform=android&version=${'9'.repeat(40)}`)).toEqual({ platform: 'android' });
  });

  it('takes nothing else, and nothing from an empty subject', () => {
    expect(prefillFromQuery('?email=a%40example.com&message=hi')).toEqual({});
    expect(prefillFromQuery('?subject=%20%20')).toEqual({});
  });
});
