// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appAdsPath, paths } from './paths';

type Hosting = { public: string; rewrites: Array<{ source: string; destination: string }> };
const firebaseJson = JSON.parse(readFileSync(new URL('../../../firebase.json', import.meta.url), 'utf8')) as {
  hosting: Hosting;
};

describe('routes and Hosting', () => {
  it('rewrites every route but home (served by index.html itself) to the app, and nothing else', () => {
    const rewritten = firebaseJson.hosting.rewrites.map(({ source }) => source).sort();
    const routes = Object.values(paths)
      .filter((path) => path !== paths.home)
      .sort();
    expect(rewritten).toEqual(routes);
    for (const rewrite of firebaseJson.hosting.rewrites) expect(rewrite.destination).toBe('/index.html');
  });

  it('never rewrites app-ads.txt, so Hosting serves the file', () => {
    expect(firebaseJson.hosting.rewrites.map(({ source }) => source)).not.toContain(appAdsPath);
    expect(readFileSync(new URL(`../../public${appAdsPath}`, import.meta.url), 'utf8')).toMatch(/DIRECT|RESELLER/);
  });

  it('serves the site from the Vite build output', () => {
    expect(firebaseJson.hosting.public).toBe('web/dist');
  });
});
