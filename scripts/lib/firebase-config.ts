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
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './project.ts';

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

/** firebase.json as the emulators should run it: production's, for plain http on loopback. */
export function emulatorFirebaseJson(config = readFirebaseJson()): FirebaseJson {
  return forLoopback(config, emulatorOrigins(config), emulatorFrameOrigins(config));
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
