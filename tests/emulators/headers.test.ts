import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appAdsPath, localizedPath, paths } from '../../web/src/config/paths.ts';
import { everyPath } from '../../web/src/config/site-pages.ts';
import { authEmulator, firestoreEmulator, hostingOrigin, projectId, root } from '../support/emulators.ts';

// The status and response headers of everything the Hosting emulator serves: every page in
// both languages (its own address, and the unprefixed one negotiated for an Italian browser),
// an unknown path, the top-level files and the hashed assets. The security headers are typed
// out here on purpose, so that weakening one in firebase.json fails a test someone must
// read. The emulators run the copy of firebase.json whose policy also lets the page reach
// the Firestore and Auth emulators and has no `upgrade-insecure-requests` (scripts/lib/firebase-config.ts);
// production's lacks that origin and keeps that directive (checked by that file's unit test).

const firestoreEmulatorOrigin = `http://${firestoreEmulator.host}:${String(firestoreEmulator.port)}`;
const authEmulatorOrigin = `http://${authEmulator.host}:${String(authEmulator.port)}`;

const security: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    // blob: the Contact Us form's preview of the picture the visitor chose, made in the page.
    "img-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' https://firestore.googleapis.com https://identitytoolkit.googleapis.com ${firestoreEmulatorOrigin} ${authEmulatorOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': [
    'accelerometer',
    'autoplay',
    'browsing-topics',
    'camera',
    'clipboard-read',
    'clipboard-write',
    'compute-pressure',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'gamepad',
    'geolocation',
    'gyroscope',
    'hid',
    'identity-credentials-get',
    'idle-detection',
    'interest-cohort',
    'local-fonts',
    'magnetometer',
    'microphone',
    'midi',
    'otp-credentials',
    'payment',
    'picture-in-picture',
    'private-state-token-issuance',
    'private-state-token-redemption',
    'publickey-credentials-create',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'storage-access',
    'sync-xhr',
    'usb',
    'window-management',
    'xr-spatial-tracking',
  ]
    .map((feature) => `${feature}=()`)
    .join(', '),
  'cross-origin-opener-policy': 'same-origin',
};

// The Account page signs members in with Google and Apple in a popup: Firebase Auth loads
// Google's script loader and the loader's gapi.iframes module (those two paths of
// apis.google.com, nothing else there), and frames its helper on the project's own auth domain
// (the demo project's, here) and the Auth emulator's; the popup must be able to reach back to
// the page. Everything else as on every page.
const accountPages = [paths.account, localizedPath(paths.account, 'it')];
const accountSecurity: Record<string, string> = {
  ...security,
  'content-security-policy': (security['content-security-policy'] ?? '')
    .replace(
      "script-src 'self'",
      "script-src 'self' https://apis.google.com/js/api.js https://apis.google.com/_/scs/abc-static/_/js/",
    )
    .replace(
      `https://identitytoolkit.googleapis.com ${firestoreEmulatorOrigin}`,
      `https://identitytoolkit.googleapis.com https://securetoken.googleapis.com ${firestoreEmulatorOrigin}`,
    )
    .replace(
      `${authEmulatorOrigin}; object-src 'none'`,
      `${authEmulatorOrigin}; frame-src https://${projectId}.firebaseapp.com/__/auth/iframe ${authEmulatorOrigin}; object-src 'none'`,
    ),
  'cross-origin-opener-policy': 'same-origin-allow-popups',
};

const html = /^text\/html\b/;
const immutable = 'public, max-age=31536000, immutable';
const italianBrowser = { 'accept-language': 'it-IT,it;q=0.9' };

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${hostingOrigin}${path}`, { headers, redirect: 'manual' });

function expectSecurityHeaders(response: Response, expected = security) {
  const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers.get(name)]));
  expect(sent).toEqual(expected);
}

type Case = { label: string; path: string; headers?: Record<string, string> };
const pages: Case[] = Object.values(everyPath).flatMap((path) => [
  { label: `${path} (English)`, path },
  { label: `${localizedPath(path, 'it')} (Italian address)`, path: localizedPath(path, 'it') },
  { label: `${path} (Italian browser)`, path, headers: italianBrowser },
]);
const unknown: Case[] = [
  { label: '/no/such/page', path: '/no/such/page' },
  { label: '/it/no/such/page', path: '/it/no/such/page' },
  { label: '/no/such/page (Italian browser)', path: '/no/such/page', headers: italianBrowser },
];
// The files at the top of the build beside the pages (favicon, logo, app-ads.txt, robots.txt
// and sitemap.xml when the build has them), served as they are.
const topLevelFiles = readdirSync(join(root, 'web', 'dist'), { withFileTypes: true })
  .filter((entry) => entry.isFile() && !entry.name.endsWith('.html'))
  .map((entry) => `/${entry.name}`);

describe('Hosting response headers and status codes', () => {
  it.each(pages)('$label: 200, HTML, no-cache and the security headers', async ({ path, headers }) => {
    const response = await get(path, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(html);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(response, accountPages.includes(path) ? accountSecurity : security);
  });

  it('gives the Account page its own policy, which differs from every page’s', () => {
    expect(accountSecurity['content-security-policy']).not.toBe(security['content-security-policy']);
    expect(accountPages).toEqual(['/account', '/it/account']);
  });

  it.each(accountPages)(
    '%s: the policy names no project but this one, no Google script but sign-in’s, no host as a whole',
    async (path) => {
      const policy = (await get(path)).headers.get('content-security-policy') ?? '';
      const sources = policy.split(';').flatMap((directive) => directive.trim().split(/\s+/).slice(1));
      expect(sources.filter((source) => source.includes('*'))).toEqual([]);
      expect(sources.filter((source) => /\.web\.app\b/.test(source))).toEqual([]);
      expect(sources.filter((source) => /firebaseapp\.com/.test(source))).toEqual([
        `https://${projectId}.firebaseapp.com/__/auth/iframe`,
      ]);
      // apis.google.com by path only: the bare host would allow every script Google serves there.
      expect(sources.filter((source) => source.includes('apis.google.com'))).toEqual([
        'https://apis.google.com/js/api.js',
        'https://apis.google.com/_/scs/abc-static/_/js/',
      ]);
    },
  );

  it.each(unknown)('$label: 404, HTML, no-cache and the security headers', async ({ path, headers }) => {
    const response = await get(path, headers);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(html);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(response);
  });

  it(`${appAdsPath}: 200, plain text, cached for an hour, the security headers`, async () => {
    const response = await get(appAdsPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expectSecurityHeaders(response);
  });

  it('finds the top-level files of the build', () => {
    expect(topLevelFiles).toContain(appAdsPath);
    expect(topLevelFiles).toContain('/favicon.svg');
  });

  it.each(topLevelFiles)('%s: 200 and the security headers', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).not.toMatch(html);
    expectSecurityHeaders(response);
  });

  it('serves the service worker so that neither the CDN nor the browser keeps it, with the security headers', async () => {
    const response = await get('/service-worker.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    expectSecurityHeaders(response);
  });

  it('serves the hashed script and style parts with a year-long immutable cache and the security headers', async () => {
    const page = await (await get('/')).text();
    const assets = [
      /<script type="module"[^>]*src="(\/static\/js\/[^"]+\.js)"/.exec(page)?.[1],
      /<link rel="stylesheet"[^>]*href="(\/static\/css\/[^"]+\.css)"/.exec(page)?.[1],
    ];
    expect(assets).toEqual([expect.stringMatching(/^\/static\/js\//), expect.stringMatching(/^\/static\/css\//)]);
    for (const [asset, type] of [
      [assets[0] ?? '', /javascript/],
      [assets[1] ?? '', /^text\/css/],
    ] as const) {
      const response = await get(asset);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('content-type'), asset).toMatch(type);
      expect(response.headers.get('cache-control'), asset).toBe(immutable);
      expectSecurityHeaders(response);
    }
  });
});
