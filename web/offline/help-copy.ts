// The help centre's copy on the visitor's device: once they have visited it, every page of the
// help centre in the language they read it in, and every script part and stylesheet those pages
// need (their own, their search and its index, the question at an article's end), so they read
// and search it without a connection. A copy replaces the one before as a whole.
import { helpPagesCache, helpPartsCache, type HelpKept } from '../src/features/help/copy/help-copy-terms.ts';
import { paths } from '../src/config/paths.ts';

/** Requests at once while copying: the copy is made while the visitor reads, never in their way. */
const atOnce = 4;

/** Fetches a same-origin address for the copy: an answer that is not 200 fails the copy. */
async function fetched(address: string): Promise<Response> {
  const response = await fetch(address, { credentials: 'same-origin', cache: 'no-cache' });
  if (!response.ok) throw new Error(`${address} answered ${String(response.status)}`);
  return response;
}

/** The addresses of the help centre's articles under `base`, as its page links them. */
function articleAddresses(html: string, base: string): string[] {
  const help = `${base}${paths.help}`;
  const links = html.matchAll(new RegExp(`href="(${help}/[a-z0-9-]+)"`, 'g'));
  return [...new Set([...links].map((link) => link[1] ?? ''))];
}

/** The site's script parts and stylesheets a page's HTML names (its first script, its parts, its style). */
function partsNamed(html: string): string[] {
  return [...html.matchAll(/\/static\/(?:js|css)\/[\w.-]+\.(?:js|css)/g)].map((part) => part[0]);
}

/** Runs `work` on every item, `atOnce` at a time. */
async function inTurn<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
}

/** The address of a cached request, without the origin. */
const pathOf = (request: Request) => new URL(request.url).pathname;

/** Copies every page of the help centre under `base`, and drops the pages it no longer has. */
async function copyPages(base: string, pages: Cache): Promise<number> {
  const index = `${base}${paths.help}`;
  const first = await fetched(index);
  const addresses = articleAddresses(await first.clone().text(), base);
  const copied = new Map<string, Response>([[index, first]]);
  await inTurn(addresses, async (address) => {
    copied.set(address, await fetched(address));
  });
  // Written once every page has come, so a copy cut short leaves the one before whole.
  await Promise.all([...copied].map(([address, response]) => pages.put(address, response)));
  const gone = (await pages.keys()).filter((request) => {
    const path = pathOf(request);
    return (path === index || path.startsWith(`${index}/`)) && !copied.has(path);
  });
  await Promise.all(gone.map((request) => pages.delete(request)));
  return copied.size;
}

/**
 * Copies the parts that the kept pages (of every language kept) and `lazyParts` need and are not
 * copied yet, and drops those nothing needs any more (an earlier build's).
 */
async function copyParts(pages: Cache, parts: Cache, lazyParts: readonly string[]): Promise<void> {
  const needed = new Set(lazyParts);
  for (const request of await pages.keys()) {
    const html = await (await pages.match(request))?.text();
    for (const part of partsNamed(html ?? '')) needed.add(part);
  }
  const kept = new Set((await parts.keys()).map(pathOf));
  await inTurn(
    [...needed].filter((part) => !kept.has(part)),
    async (part) => parts.put(part, await fetched(part)),
  );
  await Promise.all([...kept].filter((part) => !needed.has(part)).map((part) => parts.delete(part)));
}

/**
 * Keeps the help centre under `base` ('' for the unprefixed addresses, which Hosting answers in
 * the visitor's language, or `/it`) with `lazyParts`, the parts its pages load as they are used
 * (the build's list); answers what it kept.
 */
export async function keepHelp(base: string, lazyParts: readonly string[]): Promise<HelpKept> {
  try {
    const [pages, parts] = await Promise.all([caches.open(helpPagesCache), caches.open(helpPartsCache)]);
    const count = await copyPages(base, pages);
    await copyParts(pages, parts, lazyParts);
    return { type: 'help-kept', pages: count, at: new Date().toISOString() };
  } catch (error) {
    return { type: 'help-not-kept', reason: error instanceof Error ? error.message : String(error) };
  }
}
