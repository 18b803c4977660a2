// The Firebase configuration the local emulators run with. firebase.json is production's: its
// Content-Security-Policy lets the site connect to its own origin and the Firestore API only,
// and upgrades every http: sub-request to https:. Two of those cannot work on loopback:
// - a local build's contact form writes to the Firestore emulator, and its email action page
//   talks to the Auth emulator, which that policy rightly blocks;
// - the emulators speak plain http, and WebKit (Safari) applies `upgrade-insecure-requests`
//   to http://127.0.0.1 as well, so every script and image of the page would be fetched over
//   https and fail (Chromium and Firefox exempt loopback).
// So every emulator run gets a copy of firebase.json whose policy also allows the emulator's
// origin and has no `upgrade-insecure-requests`, and nothing else changes. The copy is written
// afresh before each run (ignored by git), so it cannot drift from firebase.json.
//
// The Account page's policy depends on the project: its Google and Apple sign-in frames Firebase
// Auth's helper on the project's own auth domain (`<project-id>.firebaseapp.com`, or the one the
// build names), and a project id is known only when a run or a deploy starts (a `demo-` one
// under the emulators). So firebase.json gives that page only its opener policy, and
// `withSignInPolicy` writes its Content-Security-Policy for the project being served: every
// page's policy plus the scripts and the frame of web/src/config/sign-in.ts, the one definition
// of those addresses. The emulators' copy has it (for the demo project), and so has the copy
// `npm run deploy` deploys (firebase.deploy.json, for the project named). Served as it is
// (`npm run lighthouse`), firebase.json gives the Account page every page's policy: the page
// works, only the popups cannot open.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  authDomainOf,
  authTokenService,
  googleSignInScripts,
  signInFrameSource,
} from '../../web/src/config/sign-in.ts';
import { buildEnv } from '../../web/build/production-env.ts';
import { projectId, root } from './project.ts';

/**
 * firebase-tools takes the folder of the file given to `--config` as the project folder, so
 * the copy sits beside firebase.json and its relative paths (web/dist, firestore.rules,
 * functions) still resolve.
 */
export const emulatorConfigFile = 'firebase.emulators.json';

export type HeaderRule = { source?: string; regex?: string; headers: Array<{ key: string; value: string }> };
export type FirebaseJson = {
  hosting: { headers?: HeaderRule[] } & Record<string, unknown>;
  emulators: Record<string, { host?: string; port?: number; enabled?: boolean }>;
} & Record<string, unknown>;

export function readFirebaseJson(dir = root): FirebaseJson {
  return JSON.parse(readFileSync(join(dir, 'firebase.json'), 'utf8')) as FirebaseJson;
}

/** A Content-Security-Policy as its directives, in order: `[name, sources]`. */
export function parseCsp(policy: string): Array<[string, string[]]> {
  return policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name !== undefined && name !== '')
    .map(([name = '', ...sources]) => [name.toLowerCase(), sources]);
}

export function serializeCsp(directives: Array<[string, string[]]>): string {
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

const isCsp = (key: string) => key.toLowerCase() === 'content-security-policy';

/**
 * The origins a local build's pages connect to besides their own: the Firestore emulator (the
 * contact form) and the Auth emulator (the email action page). Both SDKs speak plain HTTP
 * (fetch) to them, so Firestore's WebSocket port is not needed.
 */
export function emulatorOrigins(config: FirebaseJson): string[] {
  return (['firestore', 'auth'] as const).map((name) => {
    const { host, port } = config.emulators[name] ?? {};
    if (host === undefined || port === undefined)
      throw new Error(`firebase.json has no emulators.${name} host and port`);
    return `http://${host}:${String(port)}`;
  });
}

/**
 * The origins a local build's pages frame: the Auth emulator's helper frame, which the Account
 * page's Google and Apple sign-in opens (production frames the project's Firebase domain).
 */
export function emulatorFrameOrigins(config: FirebaseJson): string[] {
  const { host, port } = config.emulators.auth ?? {};
  if (host === undefined || port === undefined) throw new Error('firebase.json has no emulators.auth host and port');
  return [`http://${host}:${String(port)}`];
}

/**
 * The header rule of the pages that sign members in with Google and Apple: the Account page in
 * both languages (the route table marks it `headers: 'sign-in'`; a unit test keeps the two in
 * step).
 */
export const signInSource = '{/account,/it/account}';

/** A host name as DNS spells it: an auth domain from a build setting must be no more than that. */
const hostName = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/**
 * The Account page's Content-Security-Policy for a build that signs in through `authDomain`:
 * every page's policy (`sitePolicy`) with Google's sign-in scripts added to `script-src` and a
 * `frame-src` of Auth's helper frame on that domain alone.
 */
export function signInPolicy(sitePolicy: string, authDomain: string): string {
  // The domain goes into a header: a space or a semicolon in it would add sources or directives.
  if (!hostName.test(authDomain)) throw new Error(`The auth domain "${authDomain}" is no host name`);
  const directives = parseCsp(sitePolicy);
  const script = directives.find(([name]) => name === 'script-src');
  if (!script) throw new Error('Every page’s Content-Security-Policy has no script-src');
  if (directives.some(([name]) => name === 'frame-src'))
    throw new Error('Every page’s Content-Security-Policy has a frame-src already');
  script[1].push(...googleSignInScripts);
  const connect = directives.find(([name]) => name === 'connect-src');
  if (!connect) throw new Error('Every page’s Content-Security-Policy has no connect-src');
  connect[1].push(authTokenService);
  // Beside connect-src, where a reader looks for what the page reaches.
  const at = directives.findIndex(([name]) => name === 'connect-src');
  directives.splice(at < 0 ? directives.length : at + 1, 0, ['frame-src', [signInFrameSource(authDomain)]]);
  return serializeCsp(directives);
}

/**
 * A copy of `config` whose sign-in pages (`signInSource`) get their Content-Security-Policy for
 * `authDomain` (see the top of this file). Refuses a firebase.json that gives those pages a policy
 * of its own, which would be served instead of this one or beside it.
 */
export function withSignInPolicy(config: FirebaseJson, authDomain: string): FirebaseJson {
  const copy = structuredClone(config);
  const rules = copy.hosting.headers ?? [];
  const sitePolicies = rules
    .filter((rule) => rule.source === '**')
    .flatMap((rule) => rule.headers)
    .filter(({ key }) => isCsp(key));
  const signIn = rules.filter((rule) => rule.source === signInSource);
  const [sitePolicy] = sitePolicies;
  const [rule] = signIn;
  if (sitePolicies.length !== 1 || !sitePolicy)
    throw new Error('firebase.json must set one Content-Security-Policy for every page (source "**")');
  if (signIn.length !== 1 || !rule) throw new Error(`firebase.json must have one header rule for ${signInSource}`);
  if (rule.headers.some(({ key }) => isCsp(key)))
    throw new Error(`firebase.json gives ${signInSource} a Content-Security-Policy; it is written for each project`);
  rule.headers.unshift({ key: 'Content-Security-Policy', value: signInPolicy(sitePolicy.value, authDomain) });
  return copy;
}

/**
 * The auth domain a production build of the site for `project` signs in through, read as that
 * build reads it (web/src/firebase/config.ts): `VITE_FIREBASE_AUTH_DOMAIN` from the shell or
 * web's .env files, else the project's own Firebase domain.
 */
export function productionAuthDomain(project: string, environment: NodeJS.ProcessEnv = process.env): string {
  return authDomainOf(project, buildEnv('production', environment).get('VITE_FIREBASE_AUTH_DOMAIN')?.value);
}

/** firebase.json as `npm run deploy` deploys it to `project`: the sign-in pages' policy written for it. */
export function deployFirebaseJson(project: string, config = readFirebaseJson()): FirebaseJson {
  return withSignInPolicy(config, productionAuthDomain(project));
}

/** The directives a policy served over plain http on loopback must leave out (see above). */
export const httpsOnlyDirectives = ['upgrade-insecure-requests'];

/**
 * A copy of `config` whose Content-Security-Policy headers also allow connecting to `origins`
 * (and, in a policy that lets the page frame anything, framing `frameOrigins`), and leave out
 * the directives that need https.
 */
export function forLoopback(config: FirebaseJson, origins: string[], frameOrigins: string[] = []): FirebaseJson {
  const copy = structuredClone(config);
  let policies = 0;
  for (const rule of copy.hosting.headers ?? []) {
    for (const header of rule.headers) {
      if (!isCsp(header.key)) continue;
      const directives = parseCsp(header.value).filter(([name]) => !httpsOnlyDirectives.includes(name));
      const connect = directives.find(([name]) => name === 'connect-src');
      // Without its own connect-src the policy falls back to default-src; adding one here
      // would quietly change more than the emulator's origin.
      if (!connect)
        throw new Error(`The Content-Security-Policy for ${rule.source ?? rule.regex ?? '?'} has no connect-src`);
      connect[1].push(...origins.filter((origin) => !connect[1].includes(origin)));
      const frame = directives.find(([name]) => name === 'frame-src');
      frame?.[1].push(...frameOrigins.filter((origin) => !frame[1].includes(origin)));
      header.value = serializeCsp(directives);
      policies++;
    }
  }
  if (policies === 0) throw new Error('firebase.json sets no Content-Security-Policy header');
  return copy;
}

/**
 * firebase.json as the emulators should run it: production's for the demo project (whose auth
 * domain the local build's config names), for plain http on loopback.
 */
export function emulatorFirebaseJson(config = readFirebaseJson()): FirebaseJson {
  return forLoopback(
    withSignInPolicy(config, authDomainOf(projectId)),
    emulatorOrigins(config),
    emulatorFrameOrigins(config),
  );
}

/**
 * Writes the emulators' copy of firebase.json into `dir` and returns its path. Written to a
 * temporary name and renamed, so a run starting at the same moment never reads half a file.
 * `ui: false` turns the Emulator UI off in the copy, for `firebase emulators:start` on a
 * machine that cannot download it (that command aborts instead of starting without it).
 */
export function writeEmulatorConfig(dir = root, { ui = true } = {}): string {
  const file = join(dir, emulatorConfigFile);
  const temporary = `${file}.${String(process.pid)}.tmp`;
  const config = emulatorFirebaseJson(readFirebaseJson(dir));
  if (!ui) config.emulators.ui = { ...config.emulators.ui, enabled: false };
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`);
  renameSync(temporary, file);
  return file;
}

/** `--config` arguments for any `firebase emulators:*` command, after writing the copy. */
export function emulatorConfigArgs(): string[] {
  writeEmulatorConfig();
  return ['--config', emulatorConfigFile];
}
