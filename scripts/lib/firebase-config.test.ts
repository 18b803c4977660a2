import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  deployFirebaseJson,
  emulatorConfigFile,
  emulatorFirebaseJson,
  emulatorFrameOrigins,
  emulatorOrigins,
  parseCsp,
  productionAuthDomain,
  readFirebaseJson,
  forLoopback,
  httpsOnlyDirectives,
  signInPolicy,
  signInSource,
  withSignInPolicy,
  writeEmulatorConfig,
  type FirebaseJson,
} from './firebase-config.ts';
import { hostingPatternMatches } from './hosting-server.ts';
import { ourFunctionNames } from './deploy-checks.ts';
import { memberCopyFunction, memberCopyPath } from '../../functions/src/contracts/member-copy.ts';
import { functionsRegion } from '../../functions/src/region.ts';
import { projectId, webEmulatorEnv } from './project.ts';

const require = createRequire(import.meta.url);
import { headerPolicyOf, localizedPath } from '../../web/src/config/paths.ts';
import { everyPath } from '../../web/src/config/site-pages.ts';
import { authDomainOf, googleSignInScripts, signInFrameSource } from '../../web/src/config/sign-in.ts';

const production = readFirebaseJson();
const emulator = emulatorFirebaseJson(production);
/** What a deploy to a project `fishing-app` serves (no auth domain of its own in the build). */
const deployed = withSignInPolicy(production, 'fishing-app.firebaseapp.com');
const allHeaders = (config: FirebaseJson) => (config.hosting.headers ?? []).flatMap((rule) => rule.headers);
/** The pages that sign members in with Google and Apple, whose headers differ (below). */
const accountSource = '{/account,/it/account}';
/** The Content-Security-Policy of the rule for `source`: every page's (`**`) or the Account page's. */
const cspOf = (config: FirebaseJson, source = '**') => {
  const policies = (config.hosting.headers ?? [])
    .filter((rule) => rule.source === source)
    .flatMap((rule) => rule.headers)
    .filter(({ key }) => key.toLowerCase() === 'content-security-policy');
  expect(policies).toHaveLength(1);
  return new Map(parseCsp(policies[0]?.value ?? ''));
};
const headerOf = (config: FirebaseJson, source: string, name: string) =>
  (config.hosting.headers ?? [])
    .filter((rule) => rule.source === source)
    .flatMap((rule) => rule.headers)
    .filter(({ key }) => key.toLowerCase() === name)
    .map(({ value }) => value);
const loopback = /127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0/i;

describe('production Hosting headers (firebase.json)', () => {
  it('never mention a loopback address', () => {
    for (const { key, value } of allHeaders(production)) expect(value, key).not.toMatch(loopback);
  });

  it('allow scripts from the site itself, and connections to the Firestore API and the Auth API only', () => {
    const csp = cspOf(production);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    // Firestore: the contact form. Identity Toolkit: every call of the email action page
    // (accounts:update, accounts:resetPassword, accounts:sendOobCode, v2/passwordPolicy).
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
    ]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    for (const [name, sources] of csp) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      if (name !== 'style-src-attr') expect(sources, name).not.toContain("'unsafe-inline'");
    }
  });
});

describe('Hosting’s patterns (firebase.json)', () => {
  // Hosting matches a `regex` with RE2; the emulator and the local server fall back to
  // JavaScript's RegExp when the optional re2 binding is not built, and the install never
  // builds it (package.json allowScripts). Globs mean the same everywhere.
  it('are globs only, never a regex', () => {
    const rules = ['headers', 'rewrites', 'redirects'].flatMap((key) => {
      const list = production.hosting[key];
      return Array.isArray(list) ? (list as Array<Record<string, unknown>>) : [];
    });
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.filter((rule) => 'regex' in rule)).toEqual([]);
    expect(rules.every((rule) => typeof rule['source'] === 'string')).toBe(true);
  });
});

describe('the copy callable’s address (firebase.json)', () => {
  it('sends the contract’s path to the contract’s function, in the functions’ region', () => {
    const rewrites = production.hosting.rewrites as Array<{
      source: string;
      function?: { functionId: string; region: string };
    }>;
    expect(rewrites.filter((rewrite) => rewrite.source === memberCopyPath)).toEqual([
      { source: memberCopyPath, function: { functionId: memberCopyFunction, region: functionsRegion } },
    ]);
    expect(ourFunctionNames()).toContain(memberCopyFunction);
  });
});

describe('the Account page’s headers (firebase.json, written for each project)', () => {
  it('apply to the pages of the sign-in policy in the route table, in both languages, and to no other page', () => {
    expect(signInSource).toBe(accountSource);
    const addresses = Object.values(everyPath).flatMap((path) => [path, localizedPath(path, 'it')]);
    for (const path of addresses)
      expect(hostingPatternMatches({ source: accountSource }, path), path).toBe(headerPolicyOf(path) === 'sign-in');
    expect(addresses.filter((path) => headerPolicyOf(path) === 'sign-in')).toEqual(['/account', '/it/account']);
  });

  it('are every page’s policy plus exactly Google’s sign-in scripts and Auth’s helper frame on the project’s domain', () => {
    const site = cspOf(deployed);
    const account = cspOf(deployed, accountSource);
    // Firebase Auth's Google and Apple popups load Google's loader and its gapi.iframes module
    // from apis.google.com, and frame Auth's helper on the project's auth domain to hear back
    // from the popup.
    expect(account.get('script-src')).toEqual([
      "'self'",
      'https://apis.google.com/js/api.js',
      'https://apis.google.com/_/scs/abc-static/_/js/',
    ]);
    expect(account.get('frame-src')).toEqual(['https://fishing-app.firebaseapp.com/__/auth/iframe']);
    // Auth's token service: a signed-in member's ID token is renewed there every hour.
    expect(account.get('connect-src')).toEqual([
      ...(site.get('connect-src') ?? []),
      'https://securetoken.googleapis.com',
    ]);
    const rest = (csp: Map<string, string[]>) =>
      [...csp].filter(([name]) => !['script-src', 'frame-src', 'connect-src'].includes(name));
    expect(rest(account)).toEqual(rest(site));
    expect(site.get('script-src')).toEqual(["'self'"]);
    expect(site.has('frame-src')).toBe(false);
  });

  it('allow no other project, no other Google script and no host as a whole', () => {
    const account = cspOf(deployed, accountSource);
    const sources = [...account.values()].flat();
    for (const source of sources) {
      expect(source, source).not.toContain('*');
      expect(source, source).not.toMatch(/\.web\.app\b/);
      // A source on a host that is more than its origin names a path on it.
      if (/^https:\/\/(apis\.google\.com|[^/]+\.firebaseapp\.com)/.test(source))
        expect(new URL(source).pathname, source).not.toBe('/');
    }
    expect(sources).not.toContain('https://apis.google.com');
    expect(sources.filter((source) => source.includes('firebaseapp.com'))).toEqual([
      'https://fishing-app.firebaseapp.com/__/auth/iframe',
    ]);
  });

  it('are not in firebase.json itself, which gives the sign-in pages only their opener policy', () => {
    expect(headerOf(production, accountSource, 'content-security-policy')).toEqual([]);
    expect(() => withSignInPolicy(deployed, 'fishing-app.firebaseapp.com')).toThrow(/written for each project/);
  });

  it('come from one definition: the auth domain the site’s Firebase config uses, and the scripts of config/sign-in.ts', () => {
    expect(authDomainOf('fishing-app')).toBe('fishing-app.firebaseapp.com');
    expect(authDomainOf('fishing-app', 'login.example.com')).toBe('login.example.com');
    expect(authDomainOf('fishing-app', '')).toBe('fishing-app.firebaseapp.com');
    expect(signInFrameSource('login.example.com')).toBe('https://login.example.com/__/auth/iframe');
    const policy = new Map(parseCsp(signInPolicy("script-src 'self'; connect-src 'self'", 'login.example.com')));
    expect(policy.get('script-src')).toEqual(["'self'", ...googleSignInScripts]);
    expect(policy.get('frame-src')).toEqual(['https://login.example.com/__/auth/iframe']);
    // The source Firebase Auth's loader is added with (`${gapiScript}?onload=…`) is one of them.
    const sdkDir = join(
      dirname(require.resolve('@firebase/auth', { paths: [require.resolve('firebase/auth')] })),
      '..',
      'esm',
    );
    const sdk = readdirSync(sdkDir)
      .filter((name) => /^index.*\.js$/.test(name))
      .map((name) => readFileSync(join(sdkDir, name), 'utf8'))
      .join('\n');
    expect(sdk).toContain(`gapiScript: '${googleSignInScripts[0]}'`);
  });

  it('are written for the project a deploy names, with the auth domain its build names', () => {
    expect(productionAuthDomain('fishing-app', { PATH: '/usr/bin' })).toBe('fishing-app.firebaseapp.com');
    expect(productionAuthDomain('fishing-app', { VITE_FIREBASE_AUTH_DOMAIN: 'login.example.com' })).toBe(
      'login.example.com',
    );
    const frame = cspOf(deployFirebaseJson('other-project', production), accountSource).get('frame-src');
    expect(frame).toEqual([signInFrameSource(productionAuthDomain('other-project'))]);
    // The emulators' copy: the demo project's.
    expect(cspOf(emulator, accountSource).get('frame-src')?.[0]).toBe(
      signInFrameSource(`${projectId}.firebaseapp.com`),
    );
  });

  it('refuse an auth domain that is not a host name, which would write sources or directives into the header', () => {
    for (const domain of [
      'a.example.com; script-src *',
      'a.example.com https://evil.example',
      'https://a.example.com',
      '',
    ])
      expect(() => signInPolicy("script-src 'self'", domain), domain).toThrow(/no host name/);
  });

  it('let the sign-in popup talk back to the page (same-origin-allow-popups), every other page isolates itself', () => {
    expect(headerOf(production, '**', 'cross-origin-opener-policy')).toEqual(['same-origin']);
    expect(headerOf(production, accountSource, 'cross-origin-opener-policy')).toEqual(['same-origin-allow-popups']);
    // Hosting applies matching rules in order, the last one winning: the Account page's come after.
    const sources = (production.hosting.headers ?? []).map((rule) => rule.source);
    expect(sources.indexOf(accountSource)).toBeGreaterThan(sources.indexOf('**'));
  });
});

describe('the Permissions-Policy header', () => {
  const policies = allHeaders(production).filter(({ key }) => key.toLowerCase() === 'permissions-policy');
  const members = (policies[0]?.value ?? '').split(/[ \t]*,[ \t]*/);

  it('is one structured-field dictionary that gives every listed feature an empty allowlist', () => {
    // RFC 9651: a dictionary of `key=inner-list`; a key is lowercase letters, digits, `_-.*`.
    // One malformed member makes browsers drop the whole header, so every member is checked.
    expect(policies).toHaveLength(1);
    for (const member of members) expect(member).toMatch(/^[a-z*][a-z0-9_.*-]*=\(\)$/);
    const features = members.map((member) => member.replace('=()', ''));
    expect(new Set(features).size).toBe(features.length);
  });

  it('turns off the powerful features every engine knows', () => {
    const features = new Set(members.map((member) => member.replace('=()', '')));
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi'])
      expect(features.has(feature), feature).toBe(true);
  });
});

describe('the emulators’ copy', () => {
  it('allows the Firestore and Auth emulators the local build talks to (webEmulatorEnv)', () => {
    const env = webEmulatorEnv();
    const targets = [env.VITE_FIRESTORE_EMULATOR_HOST, env.VITE_AUTH_EMULATOR_HOST].map((at) => `http://${at ?? ''}`);
    expect(emulatorOrigins(production)).toEqual(targets);
    expect(cspOf(emulator).get('connect-src')).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      ...targets,
    ]);
    // The Account page also frames the Auth emulator's helper, which a local build signs in through.
    expect(emulatorFrameOrigins(production)).toEqual([`http://${env.VITE_AUTH_EMULATOR_HOST ?? ''}`]);
    expect(cspOf(emulator, accountSource).get('frame-src')).toEqual([
      signInFrameSource(authDomainOf(projectId)),
      ...emulatorFrameOrigins(production),
    ]);
  });

  it('leaves out upgrade-insecure-requests, which production keeps', () => {
    expect(httpsOnlyDirectives).toEqual(['upgrade-insecure-requests']);
    expect(cspOf(production).get('upgrade-insecure-requests')).toEqual([]);
    expect(cspOf(emulator).has('upgrade-insecure-requests')).toBe(false);
  });

  it('differs from firebase.json for the demo project only by those origins in connect-src and frame-src and the https-only directives', () => {
    const origins = [...emulatorOrigins(production), ...emulatorFrameOrigins(production)];
    const restored = structuredClone(emulator);
    for (const header of allHeaders(restored)) {
      if (header.key.toLowerCase() !== 'content-security-policy') continue;
      for (const origin of origins) header.value = header.value.replaceAll(` ${origin}`, '');
      header.value = [header.value, ...httpsOnlyDirectives].join('; ');
    }
    expect(restored).toEqual(withSignInPolicy(production, authDomainOf(projectId)));
    expect(emulator).not.toEqual(production);
  });

  it('adds an origin once however often it is applied, and refuses a policy without connect-src', () => {
    const twice = forLoopback(emulator, emulatorOrigins(production), emulatorFrameOrigins(production));
    expect(twice).toEqual(emulator);
    const withoutConnect = structuredClone(production);
    for (const header of allHeaders(withoutConnect)) header.value = header.value.replace(/connect-src[^;]*;/, '');
    expect(() => emulatorFirebaseJson(withoutConnect)).toThrow(/no connect-src/);
  });

  it('is written beside the firebase.json it comes from', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'firebase-config-'));
    try {
      await writeFile(join(dir, 'firebase.json'), JSON.stringify(production));
      const file = writeEmulatorConfig(dir);
      expect(file).toBe(join(dir, emulatorConfigFile));
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(emulator);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('what a deploy uploads (hosting.ignore)', () => {
  it('uploads the app-link files and leaves out the build’s chunk graph, as firebase-tools lists them', async () => {
    // firebase-tools' own file lister, the one `firebase deploy` uses for Hosting.
    const { listFiles } = createRequire(import.meta.url)('firebase-tools/lib/listFiles.js') as {
      listFiles: (cwd: string, ignore?: string[]) => string[];
    };
    const dir = await mkdtemp(join(tmpdir(), 'hosting-files-'));
    try {
      const files = [
        'index.html',
        'it/features/index.html',
        '.vite/chunks.json',
        '.well-known/assetlinks.json',
        '.well-known/apple-app-site-association',
        'static/.DS_Store',
      ];
      for (const file of files) {
        await mkdir(dirname(join(dir, file)), { recursive: true });
        await writeFile(join(dir, file), '');
      }
      const ignore = (production.hosting as { ignore?: string[] }).ignore ?? [];
      expect(listFiles(dir, ignore).sort()).toEqual([
        '.well-known/apple-app-site-association',
        '.well-known/assetlinks.json',
        'index.html',
        'it/features/index.html',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the demo project', () => {
  it('is .firebaserc’s, a demo- project, and the one the emulator build of the site is told', async () => {
    const { projectId, root } = await import('./project.ts');
    const firebaserc = JSON.parse(readFileSync(join(root, '.firebaserc'), 'utf8')) as { projects: { default: string } };
    expect(firebaserc.projects.default).toMatch(/^demo-/);
    expect(projectId).toBe(firebaserc.projects.default);
    expect(webEmulatorEnv().VITE_FIREBASE_PROJECT_ID).toBe(projectId);
  });
});
