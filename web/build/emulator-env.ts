// What a local build of the site (`vite build --mode emulator`: npm start, npm test) is told
// about the emulators, read from the files that hold it: the demo project the emulators run as
// (.firebaserc) and their addresses (firebase.json). The site's build reads it here, not from
// scripts/; scripts/lib/project.ts passes the same on to the scripts and the tests, so each
// fact is read in one place.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A JSON file at the repository's root. */
const readJson = (file: string): unknown =>
  JSON.parse(readFileSync(join(fileURLToPath(new URL('../..', import.meta.url)), file), 'utf8'));

/**
 * The project the emulators run as: `.firebaserc`'s default, a `demo-` project, so the
 * emulators never reach a real Firebase project.
 */
export const projectId: string = (readJson('.firebaserc') as { projects: { default: string } }).projects.default;

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
const emulators = (readJson('firebase.json') as { emulators: Record<string, EmulatorEntry> }).emulators;

/** An emulator's entry in firebase.json, which must give its port. */
export function emulator(name: string): { host: string; port: number; websocketPort?: number } {
  const entry = emulators[name];
  if (typeof entry?.port !== 'number') throw new Error(`firebase.json has no emulators.${name}.port`);
  return { ...entry, host: entry.host ?? host, port: entry.port };
}

/**
 * What a local build of the site is told through its `VITE_` variables: the demo project, a
 * stand-in API key (the Auth emulator takes any), and the emulators it talks to.
 * web/vite.config.ts sets them, so they live here and in firebase.json only.
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
