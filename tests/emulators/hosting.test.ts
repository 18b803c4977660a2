import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../web/src/config/paths.ts';
import { hostingOrigin, root } from '../support/emulators.ts';

// What the Hosting emulator answers, fetched without running any JavaScript.
const get = (path: string) => fetch(`${hostingOrigin}${path}`, { redirect: 'manual' });
const appShell = /<script type="module"[^>]*src="\/static\/js\/index-[\w-]+\.js"[\s\S]*<div id="root"><\/div>/;

describe('Hosting', () => {
  it.each(Object.values(paths))('serves the app for %s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(appShell);
  });

  it('serves app-ads.txt as the plain-text file, not the app', async () => {
    const response = await get('/app-ads.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(readFileSync(join(root, 'web', 'public', 'app-ads.txt'), 'utf8'));
  });

  it('answers an unknown path with HTTP 404 and the site (which shows its not-found page)', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(appShell);
  });

  it('serves the script parts from static/js with a long cache lifetime', async () => {
    const html = await (await get('/')).text();
    const script = /src="(\/static\/js\/index-[\w-]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await get(script ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
