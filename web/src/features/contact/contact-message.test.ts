import { describe, expect, it } from 'vitest';
import { site } from '../../config/site';
import {
  contactLimits,
  isPlausibleEmail,
  prefillFromQuery,
  toMailDocument,
  validateContactMessage,
  validateField,
} from './contact-message';

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
    expect(document.message.html).toContain('<strong>Language:</strong> it');
    expect(document.message.html).toContain('Line one<br>\n&lt;img src=x onerror=alert(1)&gt;<br>\nLine three');
    expect(document.message.html).not.toMatch(/<img|<b>/);
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

  it('takes nothing else, and nothing from an empty subject', () => {
    expect(prefillFromQuery('?email=a%40example.com&message=hi')).toEqual({});
    expect(prefillFromQuery('?subject=%20%20')).toEqual({});
  });
});
