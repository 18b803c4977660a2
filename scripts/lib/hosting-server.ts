// A small static server that answers the way Firebase Hosting does for this project's
// firebase.json: redirects, exact static files (with cleanUrls and trailingSlash), i18n
// (files under `i18n.root` chosen by the language override cookie or Accept-Language),
// rewrites, the custom 404.html (localised too) with status 404, the configured headers,
// and gzip/brotli compression chosen from Accept-Encoding. Used where a measurement needs
// the built site as production serves it without starting the Firebase emulators (no Java,
// no emulator hub, any port).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';

type Pattern = { source?: string; regex?: string };
type HostingConfig = {
  public: string;
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  redirects?: (Pattern & { destination: string; type?: number })[];
  rewrites?: (Pattern & { destination?: string })[];
  headers?: (Pattern & { headers: { key: string; value: string }[] })[];
  i18n?: { root: string };
};

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const compressible = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Firebase Hosting's glob syntax (`**`, `*`, `?`, `{a,b}`) as a regular expression on the path. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === '*' && glob.charAt(i + 1) === '*') {
      const slash = glob.charAt(i + 2) === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      braces++;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === ',' && braces > 0) out += '|';
    else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  // Globs are matched against the path with or without its leading slash.
  return new RegExp(`^/?${out.replace(/^\//, '')}$`);
}

function matches(pattern: Pattern, path: string): boolean {
  if (pattern.regex !== undefined) return new RegExp(pattern.regex).test(path);
  return pattern.source !== undefined && globToRegExp(pattern.source).test(path);
}

/** The value of one cookie in a Cookie header, or undefined. */
function cookieValue(cookies: string | undefined, name: string): string | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}

/** The language part of a tag, lower case: `it-IT` → `it`. */
const baseLanguage = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * The languages a visitor asks for, most wanted first, as Hosting's i18n reads them: the
 * `firebase-language-override` cookie (one language or a comma-separated list) replaces the
 * browser's choice entirely, so `en` gets the default files even from an Italian browser;
 * otherwise Accept-Language, ordered by q-value (ties keep their order, q=0 and `*` mean
 * nothing to look for). Only the language part counts: `it-IT` finds `it_ALL`.
 */
export function requestedLanguages(headers: { cookie?: string | undefined; 'accept-language'?: string | undefined }) {
  const override = cookieValue(headers.cookie, 'firebase-language-override');
  const tags: string[] = [];
  if (override) tags.push(...override.split(','));
  else {
    const weighted = (headers['accept-language'] ?? '').split(',').map((entry, index) => {
      const [tag = '', ...params] = entry.split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    });
    weighted.sort((a, b) => b.q - a.q || a.index - b.index);
    tags.push(...weighted.filter(({ tag, q }) => q > 0 && tag.trim() !== '*').map(({ tag }) => tag));
  }
  return [...new Set(tags.map(baseLanguage).filter(Boolean))];
}

/**
 * The folders (relative to the public folder) to look in before the default files, for the
 * visitor's languages in order: `<root>/<language>_ALL`, then `<root>/<language>` (Hosting
 * treats both names alike). Every listed language is tried before the default files, so a
 * browser asking for `en, it;q=0.8` gets Italian files unless an English folder exists. Hosting also knows the visitor's country from the IP address
 * (`<language>_<country>`, `ALL_<country>`); a local server has none, so those are not tried.
 */
export function i18nFolders(root: string, languages: string[]): string[] {
  return languages.flatMap((language) => [join(root, `${language}_ALL`), join(root, language)]);
}

/**
 * The response headers for a request path: `base` (what Hosting sets itself), then every
 * matching firebase.json entry in order, a later one replacing an earlier value of the same
 * header (names compared without case; the last spelling is the one sent).
 */
export function headersFor(
  rules: HostingConfig['headers'],
  path: string,
  base: Record<string, string> = {},
): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  const set = (key: string, value: string) => merged.set(key.toLowerCase(), [key, value]);
  for (const [key, value] of Object.entries(base)) set(key, value);
  for (const rule of rules ?? []) {
    if (matches(rule, path)) for (const { key, value } of rule.headers) set(key, value);
  }
  return Object.fromEntries(merged.values());
}

export type HostingServer = { server: Server; origin: string; close: () => Promise<void> };

/**
 * Serves `firebase.json`'s hosting site on 127.0.0.1 (port 0: a free port); `publicDir`
 * replaces the configured public folder (another build of the same site).
 */
export async function startHostingServer(
  firebaseJsonPath: string,
  { port = 0, publicDir: publicOverride }: { port?: number; publicDir?: string | undefined } = {},
): Promise<HostingServer> {
  const firebase = JSON.parse(await readFile(firebaseJsonPath, 'utf8')) as { hosting: HostingConfig };
  const config = firebase.hosting;
  const publicDir = publicOverride ?? resolve(firebaseJsonPath, '..', config.public);

  /**
   * The file for a URL path, or undefined. Like the Hosting emulator, each form of the path
   * (exact, then `index.html` inside it, then cleanUrls' `.html`) is looked for in the
   * visitor's language folders first, then among the default files.
   */
  async function findFile(path: string, languages: string[]): Promise<string | undefined> {
    const relative = normalize(decodeURIComponent(path)).replace(/^[/\\]+/, '');
    const folders = [...(config.i18n ? i18nFolders(config.i18n.root, languages) : []), ''];
    const forms = [
      relative,
      join(relative, 'index.html'),
      ...(config.cleanUrls && relative ? [`${relative}.html`] : []),
    ];
    for (const form of forms) {
      for (const folder of folders) {
        const candidate = join(publicDir, folder, form);
        if (candidate !== publicDir && !candidate.startsWith(publicDir + sep)) return undefined;
        const info = await stat(candidate).catch(() => undefined);
        if (info?.isFile()) return candidate;
      }
    }
    return undefined;
  }

  async function send(req: IncomingMessage, res: ServerResponse, path: string, file: string, status: number) {
    const type = contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Hosting's own defaults, which firebase.json's headers may replace.
    const headers = headersFor(config.headers, path, { 'Content-Type': type, 'Cache-Control': 'max-age=3600' });
    const accepted = req.headers['accept-encoding'] ?? '';
    const encoding = !compressible.test(type)
      ? undefined
      : /\bbr\b/.test(accepted)
        ? 'br'
        : /\bgzip\b/.test(accepted)
          ? 'gzip'
          : undefined;
    if (compressible.test(type)) headers.Vary = 'Accept-Encoding';
    if (encoding) headers['Content-Encoding'] = encoding;
    else headers['Content-Length'] = String((await stat(file)).size);
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return void res.end();
    const body = createReadStream(file);
    if (encoding === 'br') {
      await pipeline(body, createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), res);
    } else if (encoding === 'gzip') await pipeline(body, createGzip(), res);
    else await pipeline(body, res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    // Hosting sends firebase.json's headers with redirects too (the Hosting emulator does).
    const redirect = (location: string, status = 301) => {
      res.writeHead(status, { ...headersFor(config.headers, path), Location: location }).end();
    };
    const rule = (config.redirects ?? []).find((candidate) => matches(candidate, path));
    if (rule) {
      redirect(rule.destination, rule.type);
      return;
    }
    const languages = requestedLanguages(req.headers);
    // trailingSlash: false strips `/` and cleanUrls strips `.html` (and `/index.html`) from the
    // address with a 301, when there is a file to serve there (as the Hosting emulator does).
    const withoutSlash = path.replace(/\/+$/, '') || '/';
    if (config.trailingSlash === false && withoutSlash !== path && (await findFile(withoutSlash, languages))) {
      redirect(withoutSlash + url.search);
      return;
    }
    if (config.cleanUrls && path.endsWith('.html') && (await findFile(path, languages))) {
      redirect((path.replace(/(?:\/index)?\.html$/, '') || '/') + url.search);
      return;
    }
    const file = await findFile(path, languages);
    if (file) return send(req, res, path, file, 200);
    for (const rewrite of config.rewrites ?? []) {
      if (rewrite.destination === undefined || !matches(rewrite, path)) continue;
      // As in the Hosting emulator, a rewrite's destination is not localised.
      const target = await findFile(rewrite.destination, []);
      if (target) return send(req, res, path, target, 200);
    }
    const notFound = await findFile('/404.html', languages);
    if (notFound) return send(req, res, path, notFound, 404);
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(String(error));
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', done);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
