import { parseFeed } from '@rowanmanning/feed-parser';
import { SaxesParser, type SaxesTagNS } from 'saxes';

// The known problems' Atom feeds as a reader meets them: parsed by a conformant XML parser
// (saxes: XML 1.0 and namespaces; a document that is not well-formed throws), held against the
// rules RFC 4287 states with MUST for a feed and its entries (sections 3 and 4.1), then read by
// a feed-parsing library (@rowanmanning/feed-parser) as feed readers read it.

const atom = 'http://www.w3.org/2005/Atom';

type XmlElement = {
  ns: string;
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
};

/** The document's root element, or a throw when it is not well-formed XML with namespaces. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const element: XmlElement = {
      ns: tag.uri,
      local: tag.local,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((a) => [a.prefix ? `${a.prefix}:${a.local}` : a.local, a.value]),
      ),
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const open = stack.at(-1);
    if (open) open.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error('No root element.');
  return root;
}

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const isAbsoluteIri = (value: string) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(value) && URL.canParse(value);
const textTypes = ['text', 'html', 'xhtml'];

/** The element's own children in the Atom namespace named `local`. */
const own = (element: XmlElement, local: string) =>
  element.children.filter((child) => child.ns === atom && child.local === local);

/** Its id, title and updated: one each, an absolute IRI, a date-time (RFC 4287 4.1.1, 4.1.2, 3.3). */
function requiredProblems(element: XmlElement, where: string): string[] {
  const problems: string[] = [];
  for (const one of ['id', 'title', 'updated']) {
    const count = own(element, one).length;
    if (count !== 1) problems.push(`${where} has ${String(count)} atom:${one}, not one`);
  }
  for (const id of own(element, 'id'))
    if (!isAbsoluteIri(id.text)) problems.push(`${where}'s id ${id.text} is no absolute IRI`);
  for (const date of [...own(element, 'updated'), ...own(element, 'published')])
    if (!dateTime.test(date.text) || Number.isNaN(Date.parse(date.text)))
      problems.push(`${where}'s ${date.local} ${date.text} is no RFC 3339 date-time`);
  return problems;
}

/** Its texts' types, links, categories and authors (RFC 4287 3.1, 3.2, 4.2.2, 4.2.7). */
function partsProblems(element: XmlElement, where: string, authorAbove: boolean): string[] {
  const problems: string[] = [];
  for (const text of ['title', 'subtitle', 'content'].flatMap((local) => own(element, local))) {
    const type = text.attributes.type ?? 'text';
    if (!textTypes.includes(type)) problems.push(`${where}'s ${text.local} has type ${type}`);
  }
  if (own(element, 'link').some((link) => !link.attributes.href)) problems.push(`${where} has a link without href`);
  if (own(element, 'category').some((category) => !category.attributes.term))
    problems.push(`${where} has a category without term`);
  const alternates = own(element, 'link')
    .filter((link) => (link.attributes.rel ?? 'alternate') === 'alternate')
    .map((link) => `${link.attributes.type ?? ''} ${link.attributes.hreflang ?? ''}`);
  if (new Set(alternates).size !== alternates.length)
    problems.push(`${where} has two alternate links of one type and language`);
  if (!authorAbove && own(element, 'author').length === 0) problems.push(`${where} has no author, nor has its feed`);
  if (own(element, 'author').some((author) => own(author, 'name').length !== 1))
    problems.push(`${where}'s author has no single name`);
  return problems;
}

/** Every way the document breaks RFC 4287's rules for a feed; throws when it is not well-formed XML. */
export function atomProblems(xml: string): string[] {
  const feed = parseXml(xml);
  if (feed.ns !== atom || feed.local !== 'feed') return [`the root is ${feed.local} in ${feed.ns}, not atom:feed`];
  const entries = feed.children.filter((child) => child.ns === atom && child.local === 'entry');
  const feedAuthor = feed.children.some((child) => child.ns === atom && child.local === 'author');
  const problems = [...requiredProblems(feed, 'the feed'), ...partsProblems(feed, 'the feed', false)];
  if (!feed.children.some((child) => child.local === 'link' && child.attributes.rel === 'self'))
    problems.push('the feed has no self link');
  const ids = new Set<string>();
  entries.forEach((entry, index) => {
    const where = `entry ${String(index + 1)}`;
    problems.push(...requiredProblems(entry, where), ...partsProblems(entry, where, feedAuthor));
    const id = entry.children.find((child) => child.ns === atom && child.local === 'id')?.text ?? '';
    if (ids.has(id)) problems.push(`${where} repeats the id ${id}`);
    ids.add(id);
    const content = entry.children.some((child) => child.ns === atom && child.local === 'content');
    const alternate = entry.children.some(
      (child) => child.local === 'link' && (child.attributes.rel ?? 'alternate') === 'alternate',
    );
    if (!content && !alternate) problems.push(`${where} has neither content nor an alternate link`);
  });
  return problems;
}

/** The feed as a feed reader reads it, once it is well-formed and keeps RFC 4287's rules (else a throw). */
export function readAtomFeed(xml: string) {
  const problems = atomProblems(xml);
  if (problems.length > 0) throw new Error(`Not an Atom feed as RFC 4287 says:\n${problems.join('\n')}`);
  const feed = parseFeed(xml).toJSON();
  if (feed.meta.type !== 'atom' || feed.meta.version !== '1.0')
    throw new Error(`Read as ${feed.meta.type} ${feed.meta.version}.`);
  return feed;
}
