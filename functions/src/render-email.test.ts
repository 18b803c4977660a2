import { describe, expect, it } from 'vitest';
import { htmlToText, renderEmail, singleLine } from './render-email.js';

const options = { from: 'Site <no-reply@example.com>', supportEmail: 'support@example.com' };

describe('renderEmail', () => {
  it('sends to the support inbox with the visitor as Reply-To', () => {
    const email = renderEmail({ subject: 'Help', html: '<p>Hi</p>', replyTo: 'angler@example.org' }, options);
    expect(email).toEqual({
      from: options.from,
      to: 'support@example.com',
      replyTo: 'angler@example.org',
      subject: 'Help',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
  });

  it('has no Reply-To when the visitor gave no valid address', () => {
    expect(renderEmail({ subject: 'Help', html: '<p>Hi</p>' }, options)).not.toHaveProperty('replyTo');
  });

  it('keeps the subject on one header line', () => {
    expect(renderEmail({ subject: 'Hi\r\nBcc: victim@example.com', html: 'x' }, options).subject).toBe(
      'Hi Bcc: victim@example.com',
    );
  });
});

describe('singleLine', () => {
  it('turns every kind of line break into one space', () => {
    expect(singleLine(' a\nb\r\nc\u2028d\t\te  ')).toBe('a b c d e');
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs and line breaks, drops tags and scripts, decodes entities', () => {
    expect(htmlToText('<p>Name: A&amp;B</p><p>Line 1<br>Line 2</p><script>alert(1)</script>&lt;b&gt;')).toBe(
      'Name: A&B\nLine 1\nLine 2\n<b>',
    );
  });
});
