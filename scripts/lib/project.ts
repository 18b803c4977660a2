// What the scripts and the tests both need to know about the project on this machine, read
// from the files that hold it: the repository root, the demo project the emulators run as,
// the emulators' addresses (firebase.json) and the functions' local parameters
// (functions/.env.local). Imported by scripts/, tests/ and e2e/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

// The demo project, the emulators' addresses and what a local build of the site is told about
// them are read where the site's build reads them (web/build/emulator-env.ts): one reading for
// the build, the scripts and the tests.
export { assertDemoProject, emulator, host, projectId, webEmulatorEnv } from '../../web/build/emulator-env.ts';

/** A value of functions/.env.local, the parameters the Functions emulator runs with. */
export function envLocal(name: string): string | undefined {
  const text = readFileSync(join(root, 'functions', '.env.local'), 'utf8');
  return new RegExp(`^${name}=(.*)$`, 'm')
    .exec(text)?.[1]
    ?.trim()
    .replace(/^"(.*)"$/, '$1');
}

/** Where the Functions emulator delivers mail: the local inbox's SMTP port. */
export const smtpPort = Number(envLocal('SMTP_PORT'));
