// Text placed in HTML: the one escaper of the site's pages (their prerendered head, the sitemap)
// and of every email the functions send. One of the contracts (ARCHITECTURE.md, "Contracts"): it
// imports nothing.

/**
 * Text made safe to place in HTML (or XML), as element content or a quoted attribute value:
 * each character that could start or end markup, an entity or an attribute becomes its numeric
 * reference.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}
