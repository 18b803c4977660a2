import { describe, expect, it } from 'vitest';
import {
  buildContactMessage,
  referenceFor,
  referencePattern,
  type ContactDraft,
} from '../contracts/contact-message.js';
import { escapeHtml } from '../contracts/html-text.js';
import type { CarriedPicture, ContactMail } from './mail-document.js';
import { digestExcerptChars, digestPart, groupedParts, renderDigest } from './render-digest.js';
import { htmlToText, sanitizeMessageHtml } from './old-shape-html.js';
import { knownProblemLine, quoteText, replyLink, messageHtml, pictureFilename, renderEmail } from './render-email.js';
import { stableMessageId } from '../email/outgoing-email.js';

const options = { from: 'Site <no-reply@example.com>', supportEmail: 'support@example.com' };
const source = { id: 'Q2x9LmTz81KpRw3vBn0c' };
const reference = referenceFor(source.id);

const draft: ContactDraft = {
  name: 'Ann & Bob',
  email: 'angler@example.org',
  subject: 'Tide table',
  message: 'Line 1 "quoted" \'single\'\nLine 2',
  language: 'it',
};
/** A document the site writes today, built as the site builds it. */
const mail = (fields: Partial<ContactDraft> = {}, writtenMs?: number): ContactMail => ({
  shape: 'fields',
  message: buildContactMessage({ ...draft, ...fields }),
  ...(writtenMs === undefined ? {} : { writtenMs }),
});
/** A document the site writes with a picture (as read from it: bytes, or refused). */
const mailWithPicture = (picture: CarriedPicture, fields: Partial<ContactDraft> = {}): ContactMail => ({
  shape: 'fields',
  message: buildContactMessage({ ...draft, ...fields }),
  picture,
});
/** A document written before the site wrote plain fields: the site's html in `message.html`. */
const oldMail = (fields: Partial<Extract<ContactMail, { shape: 'html' }>> = {}): ContactMail => ({
  shape: 'html',
  subject: 'Help',
  html: '<p>Hi</p>',
  context: {},
  ...fields,
});

/** The rows of the details table, as text: label and value of each. */
const tableRows = (html: string) =>
  [...html.matchAll(/<tr><td[^>]*>([^<]*)<\/td><td[^>]*>(.*?)<\/td><\/tr>/g)].map(([, label, value]) => [label, value]);

describe('renderEmail', () => {
  it('sends to the support inbox with the visitor as Reply-To', () => {
    const email = renderEmail(mail(), options, source);
    expect(email).toMatchObject({ from: options.from, to: 'support@example.com', replyTo: 'angler@example.org' });
  });

  it('starts the subject with the reference of the document', () => {
    expect(reference).toMatch(referencePattern);
    expect(renderEmail(mail(), options, source).subject).toBe(`[${reference}] Tide table`);
  });

  it('puts the message first, then who wrote it, the reference, the context and the document', () => {
    const email = renderEmail(
      mail(
        {
          platform: 'android',
          appVersion: '1.2.3 (45)',
          articles: ['cancel-pro', 'delete-account'],
          searches: ['tide table', 'l’app non parte'],
        },
        Date.parse('2026-11-23T08:30:12Z'),
      ),
      options,
      source,
    );
    const message = '<p style="margin:0 0 12px">Line 1 &#34;quoted&#34; &#39;single&#39;<br>\nLine 2</p>';
    expect(email.html.indexOf(message)).toBeGreaterThan(email.html.indexOf('<body'));
    expect(email.html.indexOf(message)).toBeLessThan(email.html.indexOf('<table'));
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(tableRows(email.html)).toEqual([
      ['Name', 'Ann &#38; Bob'],
      ['Email', 'angler@example.org'],
      ['Subject', 'Tide table'],
      ['Reference', reference],
      ['Language', 'Italian (it)'],
      ['Device', 'Android'],
      ['App version', '1.2.3 (45)'],
      ['Help read first', 'cancel-pro, delete-account'],
      ['Searched first', '“tide table”, “l’app non parte”'],
      ['Received', '2026-11-23 08:30 UTC'],
      ['Document', `Mail/${source.id}`],
    ]);
    expect(email.text).toBe(
      [
        '> Line 1 "quoted" \'single\'',
        '> Line 2',
        '',
        'Name: Ann & Bob',
        'Email: angler@example.org',
        'Subject: Tide table',
        `Reference: ${reference}`,
        'Language: Italian (it)',
        'Device: Android',
        'App version: 1.2.3 (45)',
        'Help read first: cancel-pro, delete-account',
        'Searched first: “tide table”, “l’app non parte”',
        'Received: 2026-11-23 08:30 UTC',
        `Document: Mail/${source.id}`,
      ].join('\n'),
    );
  });

  it('shows markup the visitor typed as text, and its own Email row is the Reply-To', () => {
    const hostile = {
      name: '<b>Billing Department</b>',
      subject: '<img src=x onerror=alert(1)>',
      message: 'verify your <a href="https://evil.example/">payout details</a>\n</p><p><strong>Email:</strong> x@y.co',
    };
    const email = renderEmail(mail(hostile), options, source);
    const markup = email.html.slice(email.html.indexOf('<body'));
    // The only tags are the layout's own.
    expect([...new Set([...markup.matchAll(/<([a-z]+)/g)].map(([, tag]) => tag))].sort()).toEqual(
      ['body', 'br', 'div', 'hr', 'p', 'table', 'td', 'tr'].sort(),
    );
    expect(email.html).toContain(
      'verify your &#60;a href=&#34;https://evil.example/&#34;&#62;payout details&#60;/a&#62;',
    );
    expect(email.html).toContain('&#60;/p&#62;&#60;p&#62;&#60;strong&#62;Email:&#60;/strong&#62; x@y.co');
    expect(tableRows(email.html).find(([label]) => label === 'Email')).toEqual(['Email', email.replyTo]);
    expect(email.replyTo).toBe('angler@example.org');
    expect(email.text).toContain(`${quoteText(hostile.message)}\n\nName: ${hostile.name}\n`);
    expect(email.subject).toBe(`[${reference}] ${hostile.subject}`);
  });

  it("quotes the visitor's lines in the text part, so none reads as one of the function's rows", () => {
    const spoof = 'Hi\n\nReference: AAA-BBB\nEmail: boss@example.com\nDocument: Mail/abc';
    const { text } = renderEmail(mail({ message: spoof }), options, source);
    const rowLines = text.split('\n').filter((line) => /^(Reference|Email|Document): /.test(line));
    expect(rowLines).toEqual(['Email: angler@example.org', `Reference: ${reference}`, `Document: Mail/${source.id}`]);
    expect(text).toContain('> Reference: AAA-BBB\n> Email: boss@example.com');
  });

  it('leaves out the context it was not given', () => {
    const email = renderEmail(mail({ language: 'en' }), options, source);
    expect(tableRows(email.html).map(([label]) => label)).toEqual([
      'Name',
      'Email',
      'Subject',
      'Reference',
      'Language',
      'Document',
    ]);
  });

  it('links the document in the console of a real project only', () => {
    const linked = renderEmail(mail(), options, { ...source, projectId: 'fishing-prod' }).html;
    expect(linked).toContain(
      `<a href="https://console.firebase.google.com/project/fishing-prod/firestore/databases/-default-/data/~2FMail~2F${source.id}"`,
    );
    expect(renderEmail(mail(), options, { ...source, projectId: 'demo-fishing-app' }).html).not.toContain('<a ');
  });

  it('escapes what it adds to the html', () => {
    const email = renderEmail(oldMail({ subject: '<b>x</b>' }), options, { id: 'a<b>&"c' });
    expect(email.html).toContain('<title>[');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('Mail/a&#60;b&#62;&#38;&#34;c');
  });
});

describe('renderEmail of a message that came with a picture', () => {
  const webp = Buffer.from('RIFF\x1a\0\0\0WEBPVP8 the picture drawn again');
  const withPicture = () => mailWithPicture({ kind: 'bytes', bytes: Buffer.from('as written') });

  it('attaches the picture as read again, named by the reference, with a row that says so in both parts', () => {
    const email = renderEmail(withPicture(), options, source, {
      picture: { ok: true, webp, width: 1200, height: 900 },
    });
    expect(pictureFilename(source.id)).toBe(`${reference}.webp`);
    expect(email.attachments).toEqual([{ filename: `${reference}.webp`, content: webp, contentType: 'image/webp' }]);
    const row = `${reference}.webp (1200 × 900 px, attached; location and camera details removed)`;
    expect(tableRows(email.html).map(([label]) => label)).toEqual([
      'Name',
      'Email',
      'Subject',
      'Picture',
      'Reference',
      'Language',
      'Document',
    ]);
    expect(tableRows(email.html).find(([label]) => label === 'Picture')).toEqual(['Picture', row]);
    expect(email.text).toContain(`\nSubject: Tide table\nPicture: ${row}\nReference: ${reference}\n`);
    // Nothing else changes: the same Message-ID, subject and message.
    const plain = renderEmail(mail(), options, source);
    expect(email).toMatchObject({ messageId: plain.messageId, subject: plain.subject, replyTo: plain.replyTo });
  });

  it('says in both parts that a picture which could not be read was left out, and why, and attaches nothing', () => {
    const reason = 'is 4000 × 3000 px, more than 1600 px on a side';
    const email = renderEmail(withPicture(), options, source, { picture: { ok: false, reason } });
    expect(email).not.toHaveProperty('attachments');
    const row = `the picture sent with the message could not be read and was left out: it ${reason}`;
    expect(tableRows(email.html).find(([label]) => label === 'Picture')).toEqual(['Picture', row]);
    expect(email.text).toContain(`\nPicture: ${row}\n`);
    expect(email.html).toContain('could not be read and was left out');
    expect(email.text).toContain('could not be read and was left out');
  });

  it('has no Picture row or attachment for a message without one', () => {
    const email = renderEmail(mail(), options, source);
    expect(email).not.toHaveProperty('attachments');
    expect(email.text).not.toContain('Picture');
  });
});

describe('messageHtml', () => {
  it('keeps line breaks and paragraphs, escaping every character that could be markup', () => {
    expect(messageHtml('a & b\r\nc\n\n \n<i>d</i>')).toBe(
      '<p style="margin:0 0 12px">a &#38; b<br>\nc</p>\n<p style="margin:0 0 12px">&#60;i&#62;d&#60;/i&#62;</p>',
    );
  });
});

describe('renderEmail of a document in the old shape (written before plain fields)', () => {
  /** The html the site's form wrote then, every value escaped: the message first, then who wrote it. */
  const siteHtml = [
    '<p>Line 1 &quot;quoted&quot; &#39;single&#39;<br>\nLine 2</p>',
    '<p><strong>Name:</strong> Ann &amp; Bob</p>',
    '<p><strong>Email:</strong> angler@example.org</p>',
    '<p><strong>Subject:</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>',
  ].join('\n');

  it('sends it as before: its own rows in the html, then the reference and the context', () => {
    const email = renderEmail(
      oldMail({ html: siteHtml, replyTo: 'angler@example.org', context: { language: 'it', platform: 'android' } }),
      options,
      source,
    );
    expect(email.replyTo).toBe('angler@example.org');
    expect(email.subject).toBe(`[${reference}] Help`);
    expect(tableRows(email.html)).toEqual([
      ['Reference', reference],
      ['Language', 'Italian (it)'],
      ['Device', 'Android'],
      ['Document', `Mail/${source.id}`],
    ]);
    expect(email.text).toBe(
      [
        '> Line 1 "quoted" \'single\'',
        '> Line 2',
        '> Name: Ann & Bob',
        '> Email: angler@example.org',
        '> Subject: <script>alert(1)</script>',
        '',
        `Reference: ${reference}`,
        'Language: Italian (it)',
        'Device: Android',
        `Document: Mail/${source.id}`,
      ].join('\n'),
    );
  });

  it('has no Reply-To when it held no valid address', () => {
    expect(renderEmail(oldMail(), options, source)).not.toHaveProperty('replyTo');
  });

  it('keeps the subject on one header line, and cuts an overlong one', () => {
    expect(renderEmail(oldMail({ subject: 'Hi\r\nBcc: victim@example.com' }), options, source).subject).toBe(
      `[${reference}] Hi Bcc: victim@example.com`,
    );
    const subject = renderEmail(oldMail({ subject: 'x'.repeat(1000) }), options, source).subject;
    expect(subject).toHaveLength(300);
    expect(subject.startsWith(`[${reference}] xxx`)).toBe(true);
  });

  it('sends sanitised html, whatever the document holds', () => {
    const email = renderEmail(
      oldMail({ html: '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' }),
      options,
      source,
    );
    expect(email.html).toContain('<div style="max-width:640px">\n<p>Hi</p>\n<hr');
    expect(email.html).not.toMatch(/script|onclick|onerror|<img/);
    expect(email.text.startsWith('> Hi\n\nReference:')).toBe(true);
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

describe('delivery warnings', () => {
  it('go first in both parts, escaped', () => {
    const email = renderEmail(mail(), options, source, { warnings: ['Message ABC could not be delivered: 550 <no>'] });
    expect(email.html.indexOf('Delivery warning')).toBeLessThan(email.html.indexOf('Line 1'));
    expect(email.html).toContain('<li>Message ABC could not be delivered: 550 &#60;no&#62;</li>');
    expect(email.text.startsWith('Delivery warning:\n- Message ABC could not be delivered: 550 <no>\n\n')).toBe(true);
  });

  it('are left out when there is none', () => {
    expect(renderEmail(mail(), options, source).html).not.toContain('Delivery warning');
  });
});

describe('a message that quotes the reference of an earlier one', () => {
  const quoted = (from: 'same' | 'other' | 'unknown') => ({
    firstWithReference: true,
    quoted: { reference: 'K7Q-2MX', mailId: 'EarlierMessage0000001', from },
  });

  it('from another address: one line above the message in both parts, and no reply headers', () => {
    const email = renderEmail(mail(), options, source, { thread: quoted('other') });
    const line =
      'This message quotes reference K7Q-2MX (Mail/EarlierMessage0000001), which was sent from another address: it is not part of that conversation.';
    expect(email.text.startsWith(`${line}\n\n> Line 1`)).toBe(true);
    expect(email.html.indexOf(line)).toBeGreaterThan(0);
    expect(email.html.indexOf(line)).toBeLessThan(email.html.indexOf('Line 1'));
    expect(email.inReplyTo).toBeUndefined();
    expect(email.text).toContain('Earlier message: K7Q-2MX (Mail/EarlierMessage0000001)');
  });

  it('from an address not recorded with the reference: says it cannot tell', () => {
    expect(renderEmail(mail(), options, source, { thread: quoted('unknown') }).text).toMatch(
      /^This message quotes reference K7Q-2MX \(Mail\/EarlierMessage0000001\); whether that came from this address is not known/,
    );
  });

  it('from the same address: no line, the earlier message as a row', () => {
    const email = renderEmail(mail(), options, source, { thread: quoted('same') });
    expect(email.text.startsWith('> Line 1')).toBe(true);
    expect(email.html).not.toContain('quotes reference');
    expect(email.text).toContain('Earlier message: K7Q-2MX (Mail/EarlierMessage0000001)');
  });
});

describe('renderDigest', () => {
  const second = { id: 'Zz9x8W7v6U5t4S3r2Q1p' };
  const parts = [
    digestPart(mail({ subject: 'Cancel & refund', email: 'first@example.org' }), source),
    digestPart(mail({ subject: 'Forecast', email: 'second@example.org', name: '<b>Bold</b>' }), second),
  ];
  const digest = renderDigest(parts, options, { id: 'D1', waiting: 7 });

  it('goes to the support inbox with no Reply-To, its subject saying how many it carries', () => {
    expect(digest).toMatchObject({
      from: options.from,
      to: options.supportEmail,
      subject: '[Digest] 2 contact messages held over the caps',
    });
    expect(digest).not.toHaveProperty('replyTo');
  });

  it('carries each message complete: reference and subject, text, rows, a reply link keeping the reference', () => {
    for (const [id, subject, email] of [
      [source.id, 'Cancel &#38; refund', 'first@example.org'],
      [second.id, 'Forecast', 'second@example.org'],
    ] as const) {
      const heading = `[${referenceFor(id)}] ${subject}`;
      expect(digest.html).toContain(`>${heading}</h2>`);
      const link = `mailto:${email}?subject=${encodeURIComponent(`Re: [${referenceFor(id)}] ${subject.replace('&#38;', '&')}`)}`;
      expect(digest.html).toContain(`<a href="${escapeHtml(link)}"`);
      expect(digest.text).toContain(`=== [${referenceFor(id)}] ${subject.replace('&#38;', '&')} ===`);
      expect(digest.text).toContain(`Email: ${email}\n`);
      expect(digest.text).toContain(`Document: Mail/${id}`);
    }
    expect(digest.html).toContain('&#60;b&#62;Bold&#60;/b&#62;');
    expect(digest.html).not.toContain('<b>Bold');
    expect(tableRows(digest.html).filter(([label]) => label === 'Reference')).toHaveLength(2);
  });

  it('says how many still wait, and its id', () => {
    expect(digest.text).toContain('7 more wait for the next digest. Digest D1.');
    expect(renderDigest(parts, options, { id: 'D2', waiting: 0 }).text).toContain('No other message is waiting.');
  });

  it('measures each part in bytes, so a digest can be bounded', () => {
    const long = digestPart(mail({ message: '<'.repeat(5000) }), source);
    expect(long.bytes).toBe(Buffer.byteLength(long.html) + Buffer.byteLength(long.text));
    expect(long.bytes).toBeGreaterThan(digestExcerptChars * 6);
  });

  it('shows a long message as its beginning and how much more its document holds; the longest part stays small', () => {
    const text = `${'word '.repeat(200)}END`;
    const part = digestPart(mail({ message: text }), { ...source, projectId: 'fishing-prod' });
    expect(part.text).not.toContain('END');
    expect(part.text).toContain(
      `Document: Mail/${source.id} (the whole message: ${text.length - digestExcerptChars} more characters`,
    );
    expect(part.html).toContain('https://console.firebase.google.com/project/fishing-prod/');
    // The longest message the rules allow, of the character that escapes longest, everywhere.
    const worst = digestPart(
      mail({ message: '&'.repeat(5000), subject: '&'.repeat(150), name: '&'.repeat(100) }),
      source,
    );
    expect(worst.bytes).toBeLessThan(9_000);
    // A short message is shown whole.
    expect(digestPart(mail(), source).text).toContain('> Line 2');
  });

  it('carries no picture: a message that came with one says so, and where it is kept', () => {
    const picture: CarriedPicture = { kind: 'bytes', bytes: Buffer.alloc(600_000, 1) };
    const part = digestPart(mailWithPicture(picture), { ...source, projectId: 'fishing-prod' });
    const row = 'sent with the message, kept with its document (not attached to digests)';
    expect(part.text).toContain(`\nPicture: ${row}\nReference: ${reference}\n`);
    expect(tableRows(part.html).find(([label]) => label === 'Picture')).toEqual(['Picture', row]);
    expect(part.html).toContain(`https://console.firebase.google.com/project/fishing-prod/`);
    // Its size is that of its text: the picture's bytes are nowhere in it.
    expect(part.bytes).toBe(Buffer.byteLength(part.html) + Buffer.byteLength(part.text));
    expect(part.bytes).toBeLessThan(digestPart(mail(), source).bytes + 500);
    const digest = renderDigest([part], options, { id: 'D3', waiting: 0 });
    expect(digest).not.toHaveProperty('attachments');
    expect(digest.text).toContain(`Picture: ${row}`);
    // A part without a picture has no such row.
    expect(digestPart(mail(), source).text).not.toContain('Picture');
    // The longest part the rules allow, now with a picture, stays as small.
    const worst = digestPart(
      mailWithPicture(picture, { message: '&'.repeat(5000), subject: '&'.repeat(150), name: '&'.repeat(100) }),
      source,
    );
    expect(worst.bytes).toBeLessThan(9_000);
  });

  it("percent-encodes the visitor's address in the reply link: no character of it adds a header or a recipient", () => {
    const tricky = "a?cc=boss@example.com&body=hi#x%'@example.org";
    const part = digestPart(mail({ email: 'ok+tag@example.org' }), source);
    expect(part.html).toContain('href="mailto:ok%2Btag@example.org?subject=');
    expect(replyLink(tricky, 'Re: x')).toBe(
      `mailto:${encodeURIComponent(tricky.slice(0, tricky.lastIndexOf('@')))}@example.org?subject=Re%3A%20x`,
    );
    expect(replyLink(tricky, 'Re: x')).not.toMatch(/\?cc=|&body=|#x/);
  });
});

describe('Message-ID', () => {
  it('is stable per message, from the sender’s domain, so a repeat is the same message', () => {
    expect(renderEmail(mail(), options, source).messageId).toBe(`<mail.${source.id}@example.com>`);
    expect(renderEmail(mail({ subject: 'Other' }), options, source).messageId).toBe(
      renderEmail(mail(), options, source).messageId,
    );
    expect(renderDigest([], options, { id: 'D1', waiting: 0 }).messageId).toBe('<digest.D1@example.com>');
  });

  it('falls back to localhost when the sender has no usable domain', () => {
    expect(stableMessageId('mail', 'abc', 'Support site')).toBe('<mail.abc@localhost>');
    expect(stableMessageId('mail', 'abc', 'no-reply@example.org')).toBe('<mail.abc@example.org>');
  });
});

describe('a message written while a known problem was shown', () => {
  const noticeId = 'Nw4kR8s2MjUx92LqSx4w';
  const problem = {
    id: noticeId,
    text: 'Sign-in fails on Android 15 <b>since</b> 9:00',
    since: '2026-11-28T09:00:00.000Z',
  };
  const email = (id: string, knownProblem = problem) =>
    renderEmail(mail({ notice: noticeId, subject: `Subject of ${id}` }), options, { id }, { knownProblem });
  const first = email('Q2x9LmTz81KpRw3vBn0c');
  const second = email('Mx7pQ2r9LkTz81KpRw3v');

  it('names the notice in the first line of both parts, its text as text', () => {
    const line =
      'Known problem: "Sign-in fails on Android 15 <b>since</b> 9:00" (notice Nw4kR8s2MjUx92LqSx4w, shown from 2026-11-28 09:00 UTC).';
    expect(knownProblemLine(problem)).toBe(line);
    expect(first.text.split('\n')[0]).toBe(line);
    // With its page on the site, where its updates are.
    const page = `https://fishingapp.example.com/known-problems?notice=${noticeId}`;
    expect(knownProblemLine({ ...problem, page })).toBe(`${line} Its updates: ${page}`);
    const body = first.html.slice(first.html.indexOf('<body'));
    expect(body).toMatch(
      /^<body[^>]*>\n<div[^>]*>\n<p[^>]*><strong>Known problem: &#34;Sign-in fails on Android 15 &#60;b&#62;since/,
    );
    expect(first.html).not.toContain('<b>since</b>');
  });

  it('shares one subject and one thread with every other message about it, and keeps its own reference and subject in its rows', () => {
    expect(first.subject).toBe('[Known problem] Sign-in fails on Android 15 <b>since</b> 9:00');
    expect(second.subject).toBe(first.subject);
    expect(first.inReplyTo).toBe('<notice.Nw4kR8s2MjUx92LqSx4w@example.com>');
    expect(first.references).toEqual([first.inReplyTo]);
    expect(second.inReplyTo).toBe(first.inReplyTo);
    expect(first.messageId).not.toBe(second.messageId);
    expect(first.text).toContain(`Reference: ${referenceFor('Q2x9LmTz81KpRw3vBn0c')}`);
    expect(first.text).toContain('Subject: Subject of Q2x9LmTz81KpRw3vBn0c');
  });

  it("answers the notice rather than the visitor's earlier email", () => {
    const thread = {
      inReplyTo: '<mail.earlier@example.com>',
      references: ['<mail.earlier@example.com>'],
      firstWithReference: true,
    };
    const rendered = renderEmail(mail({ notice: noticeId }), options, source, { knownProblem: problem, thread });
    expect(rendered.inReplyTo).toBe('<notice.Nw4kR8s2MjUx92LqSx4w@example.com>');
  });

  it('names a notice no longer kept by its id', () => {
    const rendered = email('Q2x9LmTz81KpRw3vBn0c', { id: noticeId } as typeof problem);
    expect(rendered.text.split('\n')[0]).toBe('Known problem: notice Nw4kR8s2MjUx92LqSx4w, no longer kept.');
    expect(rendered.subject).toBe('[Known problem] Nw4kR8s2MjUx92LqSx4w');
  });

  it('is an ordinary email without the notice read', () => {
    const rendered = renderEmail(mail({ notice: noticeId }), options, source);
    expect(rendered.subject).toBe(`[${reference}] Tide table`);
    expect(rendered.inReplyTo).toBeUndefined();
  });

  it('is listed in a digest under its notice, the notices in the order they came, then the others', () => {
    const other = 'Pz5lS9t3NkVy03MrTy5x';
    const parts = [
      digestPart(mail({ subject: 'plain one' }), { id: 'A1x9LmTz81KpRw3vBn0c' }),
      digestPart(mail({ notice: noticeId, subject: 'first about it' }), { id: 'B1x9LmTz81KpRw3vBn0c' }),
      digestPart(mail({ notice: other, subject: 'about the other' }), { id: 'C1x9LmTz81KpRw3vBn0c' }),
      digestPart(mail({ notice: noticeId, subject: 'second about it' }), { id: 'D1x9LmTz81KpRw3vBn0c' }),
    ];
    const digest = renderDigest(parts, options, { id: 'D9', waiting: 0 }, [], new Map([[noticeId, problem]]));
    const order = [...digest.text.matchAll(/^(#####|===) (.*)$/gm)].map(
      ([, kind, title]) => `${kind} ${(title ?? '').replace(/^\[.{7}\] /, '')}`,
    );
    expect(order).toEqual([
      `##### ${knownProblemLine(problem)} 2 messages about it:`,
      '=== first about it ===',
      '=== second about it ===',
      `##### Known problem: notice ${other}, no longer kept. 1 message about it:`,
      '=== about the other ===',
      '##### 1 message about no known problem:',
      '=== plain one ===',
    ]);
    expect(digest.html).toContain('2 messages about it:</h2>');
  });

  it('leaves a digest with no message about a notice as it was', () => {
    const parts = [digestPart(mail(), source), digestPart(mail({ subject: 'b' }), { id: 'A1x9LmTz81KpRw3vBn0c' })];
    expect(groupedParts(parts)).toEqual(parts);
  });
});
