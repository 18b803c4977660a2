import { describe, expect, it } from 'vitest';
import {
  contactLimits,
  prefillFromQuery,
  validateAppVersion,
  validateContactValues,
  validateField,
} from './contact-message';
import { contactLink } from '../../visit/contact-link';

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
    expect(validateContactValues({ email: '', name: ' ', subject: '', message: '\n' })).toEqual({
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

  it('judges a value as the site will write it: spaces at the ends and invisible characters do not count', () => {
    expect(validateField('name', ` ${'x'.repeat(contactLimits.name)}\u200B `)).toBeUndefined();
    expect(validateField('name', '\u202E\u200B')).toBe('required');
    expect(validateField('email', ' angler@example.com\n')).toBeUndefined();
  });

  it('counts a limit in UTF-16 code units, as the rules do', () => {
    expect(validateField('subject', '🎣'.repeat(contactLimits.subject / 2))).toBeUndefined();
    expect(validateField('subject', '🎣'.repeat(contactLimits.subject / 2 + 1))).toBe('tooLong');
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
});

describe('prefillFromQuery', () => {
  it('takes the subject, as one plain line within its limit', () => {
    expect(prefillFromQuery('?subject=Account%20deletion%20request')).toEqual({ subject: 'Account deletion request' });
    expect(prefillFromQuery('?subject=a%0D%0ABcc:%20x%40example.net')).toEqual({ subject: 'a Bcc: x@example.net' });
    expect(prefillFromQuery('?subject=%E2%80%AEcod.exe%E2%80%8B')).toEqual({ subject: 'cod.exe' });
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

  it('takes the help article a link is about, when it is an article’s id', () => {
    const link = contactLink('Cancelling Pro', 'cancel-pro');
    expect(prefillFromQuery(link.slice(link.indexOf('?')))).toEqual({
      subject: 'Cancelling Pro',
      article: 'cancel-pro',
    });
    for (const article of ['../account', '<b>x</b>', 'Cancel-Pro', 'a'.repeat(61), ''])
      expect(prefillFromQuery(`?article=${encodeURIComponent(article)}`)).toEqual({});
  });

  it('takes nothing else, and nothing from an empty subject', () => {
    expect(prefillFromQuery('?email=a%40example.com&message=hi')).toEqual({});
    expect(prefillFromQuery('?subject=%20%20')).toEqual({});
  });
});
