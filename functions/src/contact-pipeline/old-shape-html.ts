import sanitizeHtml from 'sanitize-html';

// A message in the old shape (mail-document.ts: the Trigger Email extension's html, written by
// the site before it wrote plain fields) is sent as it was: its html sanitised, and read as
// text for the email's plain part.

/** The markup an old-shape message may keep: simple text formatting and web or mail links. */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Other elements go but their text stays; script, style and the like go with their content.
  disallowedTagsMode: 'discard',
};

/**
 * The message html reduced to inert markup, whatever the document holds: no scripts,
 * styles, images, event handlers, forms or javascript: links.
 */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * A readable plain-text part for mail clients that do not show HTML. Meant for sanitised
 * html (simple tags, the entities sanitize-html writes); links keep their address.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/\s+/g, ' ') // white space in html is one space; only tags break lines
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) =>
      label.trim() === href.replace(/^mailto:/, '') ? label : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|h[1-6]|li|tr|ul|ol)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
