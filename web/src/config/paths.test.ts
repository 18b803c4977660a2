import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { helpArticleIds } from './help';
import {
  appAdsPath,
  headerPolicyOf,
  languagePrefixes,
  localizedPath,
  matchPage,
  moduleOf,
  pathOf,
  paths,
} from './paths';
import { everyPath, routeNames } from './site-pages';

type Rewrite = { source?: string; regex?: string; destination?: string; function?: unknown };
type Hosting = { public: string; rewrites?: Rewrite[]; i18n?: { root: string } };
const firebaseJson = JSON.parse(readFileSync(new URL('../../../firebase.json', import.meta.url), 'utf8')) as {
  hosting: Hosting;
};

describe('routes and Hosting', () => {
  it('serves every page as a prerendered file: no rewrite to a page, so unknown paths answer 404', () => {
    // The only rewrites are exact addresses of functions on the site's own origin: under /api/,
    // and the known problems' Atom feeds beside their page.
    for (const rewrite of firebaseJson.hosting.rewrites ?? []) {
      expect(rewrite.destination).toBeUndefined();
      expect(rewrite.regex).toBeUndefined();
      expect(rewrite.function).toBeDefined();
      for (const source of (rewrite.source ?? '').replace(/^\{|\}$/g, '').split(','))
        expect(source).toMatch(/^(\/api\/[a-z0-9/-]+|(\/it)?\/known-problems\/feed\.atom)$/);
    }
  });

  it("chooses the language of the files with Hosting's i18n folder, which the build fills", () => {
    expect(firebaseJson.hosting.i18n).toEqual({ root: '/localized' });
  });

  it('keeps app-ads.txt a file of its own', () => {
    expect(readFileSync(new URL(`../../public${appAdsPath}`, import.meta.url), 'utf8')).toMatch(/DIRECT|RESELLER/);
  });

  it('serves the site from the Vite build output', () => {
    expect(firebaseJson.hosting.public).toBe('web/dist');
  });
});

describe('localizedPath', () => {
  it('keeps English at the unprefixed address', () => {
    expect(localizedPath(paths.features, 'en')).toBe('/features');
    expect(localizedPath(paths.home, 'en')).toBe('/');
  });

  it('puts Italian under its prefix, home without a trailing slash', () => {
    expect(languagePrefixes.it).toBe('/it');
    expect(localizedPath(paths.features, 'it')).toBe('/it/features');
    expect(localizedPath(paths.home, 'it')).toBe('/it');
  });
});

describe('headerPolicyOf', () => {
  it('gives the sign-in policy to the Account page in every language, the site’s to every other address', () => {
    expect(headerPolicyOf('/account')).toBe('sign-in');
    expect(headerPolicyOf('/it/account')).toBe('sign-in');
    for (const path of [
      '/',
      '/it',
      '/help',
      '/help/delete-account',
      '/it/help/delete-account',
      '/accounts',
      '/no/such',
    ]) {
      expect(headerPolicyOf(path), path).toBe('site');
    }
  });
});

describe('matchPage', () => {
  it('finds every page at its own address, and only there', () => {
    for (const name of routeNames) {
      expect(pathOf(name)).toBe(everyPath[name]);
      expect(matchPage(everyPath[name])).toBe(name);
    }
    expect(routeNames).toHaveLength(Object.keys(paths).length + helpArticleIds.length);
  });

  it('gives every article the article page, by the pattern of its address', () => {
    for (const id of helpArticleIds) expect(moduleOf(matchPage(`/help/${id}`))).toBe('help-article');
    // Shaped like an article's: the article page answers it, with the not-found page when it names none.
    expect(matchPage('/help/no-such-article')).toBe('help/no-such-article');
  });

  it('finds a help article with one trailing slash, as a host without Hosting’s redirect serves it', () => {
    const id = helpArticleIds[0] ?? '';
    expect(matchPage(`/help/${id}/`)).toBe(`help/${id}`);
    expect(matchPage('/features/')).toBe('features');
    expect(matchPage('/help/')).toBe('help');
  });

  it('answers the not-found page for anything else, as Hosting does', () => {
    for (const path of [
      '/Features',
      '/help/No-Such',
      '/help/a--b',
      '/help/-a',
      '/features//',
      '/help/x/y',
      '',
      '/it/features',
    ])
      expect(matchPage(path), path).toBe('notFound');
  });
});
