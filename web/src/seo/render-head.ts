// The head of a prerendered page as HTML, for the `<!--app-head-->` marker of web/index.html.
import type { Language } from '../config/languages';
import type { Page } from './addresses';
import { escapeHtml } from '@contracts/html-text';
import { headTags, pageHead, type HeadTag } from './page-head';

function attributes(values: Readonly<Record<string, string>>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
}

function toHtml(tag: HeadTag): string {
  switch (tag.tag) {
    case 'title':
      return `<title>${escapeHtml(tag.text)}</title>`;
    case 'script':
      // The JSON is already free of `<` (scriptJson), and a script's text is not unescaped.
      return `<script${attributes(tag.attributes)}>${tag.text}</script>`;
    default:
      return `<${tag.tag}${attributes(tag.attributes)} />`;
  }
}

/** The head tags of `page` in `language`, one per line. */
export function renderHead(page: Page, language: Language): string {
  return headTags(pageHead(page, language)).map(toHtml).join('\n');
}
