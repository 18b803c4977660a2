import { Link } from 'wouter';
import { linkTarget } from './link-target';
import { parseRichText } from './rich-text';

/** A help text (its placeholders filled) with its links. */
export function RichText({ text }: { text: string }) {
  return parseRichText(text).map((segment, index) => {
    const words = segment.text;
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
