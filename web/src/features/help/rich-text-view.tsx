import { Link } from 'wouter';
import { linkTarget } from './link-target';
import { parseRichText } from './rich-text';

/** A help text with its links, its placeholders filled by `fill`. */
export function RichText({ text, fill }: { text: string; fill: (template: string) => string }) {
  return parseRichText(text).map((segment, index) => {
    const words = fill(segment.text);
    if (segment.tag === undefined) return words;
    const target = linkTarget(segment.tag);
    return 'page' in target ? (
      <Link key={index} href={target.page}>
        {words}
      </Link>
    ) : (
      <a key={index} href={target.href}>
        {words}
      </a>
    );
  });
}
