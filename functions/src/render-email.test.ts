import { describe, expect, it } from 'vitest';
import type { ContactMail } from './mail-document.js';
import { referenceFor, referencePattern } from './reference.js';
import { htmlToText, renderEmail, sanitizeMessageHtml, singleLine } from './render-email.js';

const options = { from: 'Site <no-reply@example.com>', supportEmail: 'support@example.com' };
const source = { id: 'Q2x9LmTz81KpRw3vBn0c' };
const reference = referenceFor(source.id);
const mail = (fields: Partial<ContactMail> = {}): ContactMail => ({
  subject: 'Help',
  html: '<p>Hi</p>',
  context: {},
  ...fields,
});

/** The html the site's form writes, every value escaped: the message first, then who wrote it. */
const siteHtml = [
  '<p>Line 1 &quot;quoted&quot; &#39;single&#39;<br>\nLine 2</p>',
  '<p><strong>Name:</strong> Ann &amp; Bob</p>',
  '<p><strong>Email:</strong> angler@example.org</p>',
  '<p><strong>Subject:</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>',
].join('\n');

/** The rows of the details table, as text: label and value of each. */
const tableRows = (html: string) =>
  [...html.matchAll(/<tr><td[^>]*>([^<]*)<\/td><td[^>]*>(.*?)<\/td><\/tr>/g)].map(([, label, value]) => [label, value]);

describe('renderEmail', () => {
  it('sends to the support inbox with the visitor as Reply-To', () => {
    const email = renderEmail(mail({ replyTo: 'angler@example.org' }), options, source);
    expect(email).toMatchObject({ from: options.from, to: 'support@example.com', replyTo: 'angler@example.org' });
  });

  it('has no Reply-To when the visitor gave no valid address', () => {
    expect(renderEmail(mail(), options, source)).not.toHaveProperty('replyTo');
  });

  it('starts the subject with the reference of the document', () => {
    expect(reference).toMatch(referencePattern);
    expect(renderEmail(mail(), options, source).subject).toBe(`[${reference}] Help`);
  });

  it('keeps the subject on one header line', () => {
    expect(renderEmail(mail({ subject: 'Hi\r\nBcc: victim@example.com' }), options, source).subject).toBe(
      `[${reference}] Hi Bcc: victim@example.com`,
    );
  });

  it('cuts an overlong subject', () => {
    const subject = renderEmail(mail({ subject: 'x'.repeat(1000) }), options, source).subject;
    expect(subject).toHaveLength(300);
    expect(subject.startsWith(`[${reference}] xxx`)).toBe(true);
  });

  it('puts the message first, then the reference, the context and the document', () => {
    const email = renderEmail(
      mail({
        html: siteHtml,
        context: { language: 'it', platform: 'android', appVersion: '1.2.3 (45)' },
        writtenMs: Date.parse('2026-11-23T08:30:12Z'),
      }),
      options,
      source,
    );
    const message = siteHtml
      .replace('&quot;quoted&quot; &#39;single&#39;', '"quoted" \'single\'')
      .replace('<br>', '<br />');
    expect(email.html.indexOf(message)).toBeGreaterThan(email.html.indexOf('<body'));
    expect(email.html.indexOf(message)).toBeLessThan(email.html.indexOf('<table'));
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(tableRows(email.html)).toEqual([
      ['Reference', reference],
      ['Language', 'Italian (it)'],
      ['Device', 'Android'],
      ['App version', '1.2.3 (45)'],
      ['Received', '2026-11-23 08:30 UTC'],
      ['Document', `Mail/${source.id}`],
    ]);
    expect(email.text).toBe(
      [
        'Line 1 "quoted" \'single\'',
        'Line 2',
        'Name: Ann & Bob',
        'Email: angler@example.org',
        'Subject: <script>alert(1)</script>',
        '',
        `Reference: ${reference}`,
        'Language: Italian (it)',
        'Device: Android',
        'App version: 1.2.3 (45)',
        'Received: 2026-11-23 08:30 UTC',
        `Document: Mail/${source.id}`,
      ].join('\n'),
    );
  });

  it('leaves out the context it was not given', () => {
    const email = renderEmail(mail({ context: { platform: 'ios' } }), options, source);
    expect(tableRows(email.html).map(([label]) => label)).toEqual(['Reference', 'Device', 'Document']);
    expect(email.text).toBe(`Hi\n\nReference: ${reference}\nDevice: iOS\nDocument: Mail/${source.id}`);
  });

  it('links the document in the console of a real project only', () => {
    const linked = renderEmail(mail(), options, { ...source, projectId: 'fishing-prod' }).html;
    expect(linked).toContain(
      `<a href="https://console.firebase.google.com/project/fishing-prod/firestore/databases/-default-/data/~2FMail~2F${source.id}"`,
    );
    expect(renderEmail(mail(), options, { ...source, projectId: 'demo-fishing-app' }).html).not.toContain('<a ');
  });

  it('escapes what it adds to the html', () => {
    const email = renderEmail(mail({ subject: '<b>x</b>' }), options, { id: 'a<b>&"c' });
    expect(email.html).toContain('<title>[');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('Mail/a&#60;b&#62;&#38;&#34;c');
  });

  it('sends sanitised html, whatever the document holds', () => {
    const email = renderEmail(
      mail({ html: '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' }),
      options,
      source,
    );
    expect(email.html).toContain('<div style="max-width:640px">\n<p>Hi</p>\n<hr');
    expect(email.html).not.toMatch(/script|onclick|onerror|<img/);
    expect(email.text.startsWith('Hi\n\nReference:')).toBe(true);
  });
});

describe('sanitizeMessageHtml', () => {
  it('keeps simple text markup', () => {
    const html =
      '<p><strong>a</strong> <em>b</em> <b>c</b> <i>d</i><br></p><ul><li>e</li></ul><ol><li>f</li></ol>' +
      '<a href="https://example.com/?a=1&amp;b=2">g</a> <a href="mailto:a@example.com">h</a>';
    expect(sanitizeMessageHtml(html)).toBe(html.replace('<br>', '<br />'));
  });

  it.each([
    ['a script with its content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['a style with its content', '<style>p { display: none }</style><p>a</p>', '<p>a</p>'],
    ['an image with onerror', '<p>a<img src="x" onerror="alert(1)"></p>', '<p>a</p>'],
    ['event handlers and styles on kept tags', '<p onclick="x()" style="color:red" class="c">a</p>', '<p>a</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    ['a javascript: link in disguise', '<a href="JaVa&#x09;ScRiPt:alert(1)">a</a>', '<a>a</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">a</a>', '<a>a</a>'],
    ['a protocol-relative link', '<a href="//evil.example/">a</a>', '<a>a</a>'],
    [
      'a link target and handler',
      '<a href="https://x.example/" target="_blank" onmouseover="x()">a</a>',
      '<a href="https://x.example/">a</a>',
    ],
    ['an iframe, keeping no markup', '<iframe src="https://evil.example/"></iframe><p>a</p>', '<p>a</p>'],
    ['a form and its fields', '<form action="https://evil.example/"><input name="p"><button>Go</button></form>', 'Go'],
    ['svg with a script', '<svg><script>alert(1)</script><circle/></svg>b', 'b'],
    ['a comment', '<!-- <script>alert(1)</script> -->a', 'a'],
    ['an unclosed tag', '<p>a<b>b', '<p>a<b>b</b></p>'],
  ])('removes %s', (_, html, expected) => {
    expect(sanitizeMessageHtml(html)).toBe(expected);
  });

  it('leaves escaped markup as text', () => {
    expect(sanitizeMessageHtml('<p>&lt;img src=x onerror=alert(1)&gt;</p>')).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });
});

describe('singleLine', () => {
  it('turns every kind of line break and control character into one space', () => {
    expect(singleLine(' a\nb\r\nc\u2028d\t\te\u0000f\u0085g  ')).toBe('a b c d e f g');
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs and line breaks, drops tags and scripts, decodes entities', () => {
    expect(htmlToText('<p>Name: A&amp;B</p><p>Line 1<br>Line 2</p><script>alert(1)</script>&lt;b&gt;')).toBe(
      'Name: A&B\nLine 1\nLine 2\n<b>',
    );
  });

  it('lists items and keeps the address of a link', () => {
    expect(
      htmlToText(
        '<ul><li>one</li><li>two</li></ul><p><a href="https://example.com/a?b=1&amp;c=2">site</a> <a href="mailto:a@b.co">a@b.co</a></p>',
      ),
    ).toBe('- one\n- two\n\nsite (https://example.com/a?b=1&c=2) a@b.co');
  });
});
