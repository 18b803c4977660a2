// What the scripts and the tests both need to know about the project on this machine, read
// from the files that hold it: the repository root, the demo project the emulators run as,
// the emulators' addresses (firebase.json) and the functions' local parameters
// (functions/.env.local). Imported by scripts/, tests/ and e2e/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

/**
 * The project the emulators run as: `.firebaserc`'s default, a `demo-` project, so the
 * emulators never reach a real Firebase project.
 */
export const projectId: string = (
  JSON.parse(readFileSync(join(root, '.firebaserc'), 'utf8')) as { projects: { default: string } }
).projects.default;

/**
 * Throws unless the emulators' project is a `demo-` one. Called where emulators start or a
 * local build is made, not on import: a production build (which imports this file through
 * web/vite.config.ts) must not depend on it.
 */
export function assertDemoProject(): void {
  if (!projectId.startsWith('demo-'))
    throw new Error(`.firebaserc's default project must be a demo- project for the emulators, not ${projectId}`);
}

/** The loopback address every local service listens on. */
export const host = '127.0.0.1';

type EmulatorEntry = { host?: string; port?: number; websocketPort?: number };
const emulators = (
  JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as { emulators: Record<string, EmulatorEntry> }
).emulators;

/** An emulator's entry in firebase.json, which must give its port. */
export function emulator(name: string): { host: string; port: number; websocketPort?: number } {
  const entry = emulators[name];
  if (typeof entry?.port !== 'number') throw new Error(`firebase.json has no emulators.${name}.port`);
  return { ...entry, host: entry.host ?? host, port: entry.port };
}

/** A value of functions/.env.local, the parameters the Functions emulator runs with. */
export function envLocal(name: string): string | undefined {
  const text = readFileSync(join(root, 'functions', '.env.local'), 'utf8');
  return new RegExp(`^${name}=(.*)$`, 'm')
    .exec(text)?.[1]
    ?.trim()
    .replace(/^"(.*)"$/, '$1');
}

/**
 * What a local build of the site (`vite --mode emulator`) is told through its `VITE_` variables:
 * the demo project, a stand-in API key (the Auth emulator takes any), and the emulators it talks
 * to. web/vite.config.ts sets them, so they live here and in firebase.json only.
 */
export function webEmulatorEnv(): Record<string, string> {
  assertDemoProject();
  const at = (name: string) => `${emulator(name).host}:${String(emulator(name).port)}`;
  return {
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIRESTORE_EMULATOR_HOST: at('firestore'),
    VITE_AUTH_EMULATOR_HOST: at('auth'),
  };
}

/** Where the Functions emulator delivers mail: the local inbox's SMTP port. */
export const smtpPort = Number(envLocal('SMTP_PORT'));
