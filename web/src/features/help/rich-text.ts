// The help texts' small markup: a link is its text between a tag and its closing tag, the tag
// naming where it goes (`<account>the Account page</account>`: a page of the site, a store, the
// support address, or another article by its id); `{{name}}` placeholders are filled from
// config (config/help-text-values.ts) by i18next before the text is cut. No attributes, no nesting,
// nothing else.

import type { ArticleBlock } from '../../locales/articles';

export type { ArticleBlock };

/** A piece of a text: plain words, or the words of a link and where it goes. */
export type RichSegment = { text: string; tag?: string };

const linkPattern = /<([A-Za-z][\w-]*)>([^<>]*)<\/\1>/g;

/** A text cut into its plain words and its links. */
export function parseRichText(text: string): RichSegment[] {
  const segments: RichSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index) });
    segments.push({ text: match[2] ?? '', tag: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  for (const segment of segments) {
    if (segment.tag === undefined && /[<>]/.test(segment.text)) {
      throw new Error(`A help text has a "<" or ">" that is not a link: "${text}"`);
    }
  }
  return segments;
}

/** Every text of an article's blocks, in order: paragraphs, then each step or list item. */
export function blockTexts(blocks: readonly ArticleBlock[]): string[] {
  return blocks.flatMap((block) => (typeof block === 'string' ? [block] : 'steps' in block ? block.steps : block.list));
}

/** A text as words only, for the search index: links' words kept, tags and placeholders out. */
export function plainText(text: string): string {
  return parseRichText(text)
    .map((segment) => segment.text)
    .join('')
    .replace(/{{\s*\w+\s*}}/g, ' ');
}
