// Brings the live document's head to a page and language after the visitor navigated or
// switched language in the app. Loaded on demand by use-page-head.ts: the first page's head
// comes with the prerendered HTML, so these texts are never part of the first bundle.
import type { Language } from '../config/languages';
import type { Page } from './addresses';
import { headTags, pageHead, type HeadTag } from './page-head';

/** Every element headTags() writes, and none of the template's own (charset, viewport, icon). */
const managed = [
  'title',
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][hreflang]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'meta[name="apple-itunes-app"]',
  'script[type="application/ld+json"]',
]
  .map((selector) => `:scope > ${selector}`)
  .join(', ');

function toElement(document: Document, tag: HeadTag): Element {
  const element = document.createElement(tag.tag);
  if ('attributes' in tag) {
    for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
  }
  if ('text' in tag) element.textContent = tag.text;
  return element;
}

/** Replaces the head's page tags with those of `page` in `language`, where the old ones were. */
export function applyPageHead(document: Document, page: Page, language: Language): void {
  const { head } = document;
  const previous = [...head.querySelectorAll(managed)];
  const fresh = document.createDocumentFragment();
  for (const tag of headTags(pageHead(page, language))) fresh.append(toElement(document, tag));
  const anchor = previous.at(-1)?.nextSibling ?? null;
  for (const element of previous) element.remove();
  head.insertBefore(fresh, anchor);
}
