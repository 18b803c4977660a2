// What a build of the site is told through its `VITE_` variables, and where each value comes
// from, read as Vite reads them: the environment the build runs in (the operator's shell)
// first, then web/.env.<mode>.local, web/.env.<mode>, web/.env.local and web/.env. Vite writes
// every `VITE_` value it finds into the bundle, so a production build must not find an emulator
// setting: web/src/firebase/config.ts would point the public site's contact form and sign-in at
// an address on the operator's machine. `refuseEmulatorSettings` is the check, run by
// `npm run build` before anything is compiled (check-production-env.ts) and by
// web/vite.config.ts for any build outside the emulator mode; `npm run deploy` reads the build's
// auth domain with `buildEnv` too (scripts/lib/firebase-config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** The folder whose .env files Vite reads (its root: web/). */
export const webDir = fileURLToPath(new URL('..', import.meta.url));

/** The mode of the build that talks to the emulators (`vite build --mode emulator`). */
export const emulatorMode = 'emulator';

/** A `VITE_` value of a build and where it was set: `the shell`, or the .env file's path from the repository. */
export type BuildValue = { value: string; source: string };

/** The .env files Vite reads for `mode`, the one that wins first. */
export function envFilesFor(mode: string): string[] {
  return [`.env.${mode}.local`, `.env.${mode}`, '.env.local', '.env'];
}

/**
 * Every `VITE_` variable a build in `mode` sees, with the value that wins and where it came
 * from. `environment` is the build's process environment; `dir` the folder of the .env files.
 */
export function buildEnv(
  mode: string,
  environment: NodeJS.ProcessEnv = process.env,
  dir: string = webDir,
): Map<string, BuildValue> {
  const found = new Map<string, BuildValue>();
  const add = (name: string, value: string | undefined, source: string) => {
    if (name.startsWith('VITE_') && value !== undefined && !found.has(name)) found.set(name, { value, source });
  };
  for (const [name, value] of Object.entries(environment)) add(name, value, 'the shell');
  for (const file of envFilesFor(mode)) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const source = relative(join(webDir, '..'), path) || path;
    for (const [name, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) add(name, value, source);
  }
  return found;
}

/** A setting that points the site at an emulator: `VITE_FIRESTORE_EMULATOR_HOST`, `VITE_AUTH_EMULATOR_HOST`, any `VITE_…EMULATOR…`. */
export const emulatorSetting = /^VITE_\w*EMULATOR/i;

/**
 * Why a build in `mode` must stop, in one line, or undefined when it may go on: outside the
 * emulator mode, no emulator setting may have a value (an empty one, which Vite passes on as
 * nothing, is no address and passes; it is also how the shell overrides a file's line).
 */
export function refuseEmulatorSettings(mode: string, env: Map<string, BuildValue>): string | undefined {
  if (mode === emulatorMode) return undefined;
  const settings = [...env].filter(([name, { value }]) => emulatorSetting.test(name) && value.trim() !== '');
  if (settings.length === 0) return undefined;
  const named = settings.map(([name, { source }]) => `${name} (set in ${source})`).join(', ');
  const fromShell = settings.filter(([, { source }]) => source === 'the shell').map(([name]) => name);
  const fromFiles = settings.filter(([, { source }]) => source !== 'the shell');
  const remedies = [
    ...(fromShell.length > 0 ? [`run \`unset ${fromShell.join(' ')}\``] : []),
    ...(fromFiles.length > 0 ? [`delete ${fromFiles.length === 1 ? 'that line' : 'those lines'}`] : []),
  ];
  return `✖ A ${mode} build refuses emulator settings, which would point the public site at the emulators: ${named}. ${capitalized(remedies.join(' and '))}, then build again; for a local build that talks to the emulators use \`npm run build:emulator -w web\`.`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
