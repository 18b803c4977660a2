import { describe, expect, it } from 'vitest';
import { htmlToText, renderEmail, sanitizeMessageHtml, singleLine } from './render-email.js';

const options = { from: 'Site <no-reply@example.com>', supportEmail: 'support@example.com' };

/** The html the site's form writes, every value escaped. */
const siteHtml = [
  '<p><strong>Name:</strong> Ann &amp; Bob</p>',
  '<p><strong>Email:</strong> angler@example.org</p>',
  '<p><strong>Subject:</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<p><strong>Language:</strong> it</p>',
  '<p><strong>Message:</strong></p>',
  '<p>Line 1 &quot;quoted&quot; &#39;single&#39;<br>\nLine 2</p>',
].join('\n');

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

  it('cuts an overlong subject', () => {
    expect(renderEmail({ subject: 'x'.repeat(1000), html: 'x' }, options).subject).toHaveLength(300);
  });

  it('keeps the html the site writes (re-serialised), and makes a readable text part of it', () => {
    const email = renderEmail({ subject: 'Help', html: siteHtml }, options);
    expect(email.html).toBe(
      siteHtml.replace('&quot;quoted&quot; &#39;single&#39;', '"quoted" \'single\'').replace('<br>', '<br />'),
    );
    expect(email.text).toBe(
      [
        'Name: Ann & Bob',
        'Email: angler@example.org',
        'Subject: <script>alert(1)</script>',
        'Language: it',
        'Message:',
        'Line 1 "quoted" \'single\'',
        'Line 2',
      ].join('\n'),
    );
  });

  it('sends sanitised html, whatever the document holds', () => {
    const email = renderEmail(
      { subject: 'x', html: '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' },
      options,
    );
    expect(email.html).toBe('<p>Hi</p>');
    expect(email.text).toBe('Hi');
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
