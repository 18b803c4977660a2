import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostingPatternMatches, startHostingServer, type HostingServer } from './hosting-server.ts';

// The server on a throwaway site laid out like the prerendered build. Which language folder a
// request gets is superstatic's choice, as in the Hosting emulator (tests/emulators/hosting.test.ts
// checks it for the site's own pages).
describe('startHostingServer', () => {
  let folder: string;
  let hosting: HostingServer;
  const files: Record<string, string> = {
    'index.html': 'home en',
    'features/index.html': 'features en',
    '404.html': 'missing en',
    'it/index.html': 'home it (own address)',
    'localized/it_ALL/index.html': 'home it',
    'localized/it_ALL/features/index.html': 'features it',
    'localized/it_ALL/404.html': 'missing it',
    'static/app.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'hosting-server-'));
    for (const [name, content] of Object.entries(files)) {
      await mkdir(dirname(join(folder, 'public', name)), { recursive: true });
      await writeFile(join(folder, 'public', name), content);
    }
    const hostingConfig = {
      public: 'public',
      cleanUrls: true,
      trailingSlash: false,
      i18n: { root: '/localized' },
      rewrites: [{ source: '/api/notice', function: { functionId: 'siteNotice', region: 'europe-west1' } }],
      headers: [
        { source: '**', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
        { source: '/static/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
      ],
    };
    await writeFile(join(folder, 'firebase.json'), JSON.stringify({ hosting: hostingConfig }));
    hosting = await startHostingServer(join(folder, 'firebase.json'));
  });
  afterAll(async () => {
    await hosting.close();
    await rm(folder, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(hosting.origin + path, { headers: { 'accept-encoding': 'identity', ...headers }, redirect: 'manual' });

  it.each([
    ['/features', {}, 200, 'features en'],
    ['/features', { 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' }, 200, 'features it'],
    ['/features', { 'accept-language': 'en-GB,en;q=0.9,de;q=0.8' }, 200, 'features en'],
    ['/features', { 'accept-language': 'de,it' }, 200, 'features it'],
    ['/', { 'accept-language': 'it' }, 200, 'home it'],
    ['/', { 'accept-language': 'it', cookie: 'firebase-language-override=en' }, 200, 'home en'],
    ['/', { 'accept-language': 'en', cookie: 'firebase-language-override=it' }, 200, 'home it'],
    ['/it', { 'accept-language': 'en' }, 200, 'home it (own address)'],
    ['/no/such/page', {}, 404, 'missing en'],
    ['/no/such/page', { 'accept-language': 'it' }, 404, 'missing it'],
    ['/no/such/page', { cookie: 'firebase-language-override=it' }, 404, 'missing it'],
    // Addresses are made canonical only where a file is served.
    ['/features.html', {}, 404, 'missing en'],
    ['/no/such/', {}, 404, 'missing en'],
  ])('answers %s with %j by %i %j', async (path, headers, status, body) => {
    const response = await get(path, headers);
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(body);
  });

  it.each([
    ['/features/', '/features'],
    ['/index.html', '/'],
    ['/features/index.html', '/features'],
  ])('redirects %s to %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(location);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers the notice’s read as its function does with no notice set', async () => {
    const response = await fetch(`${hosting.origin}/api/notice`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=20');
    expect(await response.json()).toEqual({ notice: null });
  });

  it('serves another build of the site from any folder (publicDir)', async () => {
    const other = await startHostingServer(join(folder, 'firebase.json'), { publicDir: join(folder, 'public', 'it') });
    try {
      const response = await fetch(`${other.origin}/`, { headers: { 'accept-encoding': 'identity' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('home it (own address)');
    } finally {
      await other.close();
    }
  });

  it('sends firebase.json headers, the later entry winning', async () => {
    expect((await get('/features')).headers.get('cache-control')).toBe('no-cache');
    const script = await get('/static/app.js');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-type')).toMatch(/^(?:text|application)\/javascript; charset=utf-8$/);
  });

  it('compresses text with brotli or gzip as asked', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await get('/static/app.js', { 'accept-encoding': encoding });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      // fetch decodes the body, so it must come back whole.
      expect(await response.text()).toBe(files['static/app.js']);
    }
  });
});

describe('hostingPatternMatches', () => {
  it('reads firebase.json globs as Hosting does', () => {
    expect(hostingPatternMatches({ source: '**' }, '/features')).toBe(true);
    expect(hostingPatternMatches({ source: '/static/**' }, '/static/js/a.js')).toBe(true);
    expect(hostingPatternMatches({ source: '/static/**' }, '/features')).toBe(false);
    expect(hostingPatternMatches({ source: '{/account,/it/account}' }, '/it/account')).toBe(true);
    expect(hostingPatternMatches({ source: '{/account,/it/account}' }, '/accounts')).toBe(false);
  });
});
