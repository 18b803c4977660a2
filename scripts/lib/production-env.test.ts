import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnv, emulatorMode, envFilesFor, refuseEmulatorSettings, webDir } from '../../web/build/production-env.ts';
import { root, webEmulatorEnv } from './project.ts';

// A production build must never carry an emulator address (web/build/production-env.ts): the
// check's logic on made-up environments and .env files, then real builds started as an
// operator would, refused before anything is compiled.

const shell = (variables: Record<string, string>): NodeJS.ProcessEnv => ({ PATH: '/usr/bin', ...variables });

describe('buildEnv: the VITE_ values a build sees, and where each comes from', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'production-env-'));
    await writeFile(join(dir, '.env'), 'VITE_A=from-env\nVITE_B=from-env\nVITE_C=from-env\nOTHER=ignored\n');
    await writeFile(join(dir, '.env.local'), 'VITE_B=from-local\n');
    await writeFile(join(dir, '.env.production'), '# a comment\nVITE_C="from-production"\nVITE_D=from-production\n');
    await writeFile(join(dir, '.env.production.local'), 'VITE_D=from-production-local\n');
    await writeFile(join(dir, '.env.emulator'), 'VITE_E=from-emulator\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('ranks the shell first, then the files as Vite does: .env.<mode>.local, .env.<mode>, .env.local, .env', () => {
    expect(envFilesFor('production')).toEqual(['.env.production.local', '.env.production', '.env.local', '.env']);
    const env = buildEnv('production', shell({ VITE_A: 'from-shell', NODE_ENV: 'production' }), dir);
    expect(Object.fromEntries([...env].map(([name, { value }]) => [name, value]))).toEqual({
      VITE_A: 'from-shell',
      VITE_B: 'from-local',
      VITE_C: 'from-production',
      VITE_D: 'from-production-local',
    });
    expect(env.get('VITE_A')?.source).toBe('the shell');
    expect(env.get('VITE_D')?.source).toMatch(/\.env\.production\.local$/);
    // Another mode's files are not read.
    expect(env.has('VITE_E')).toBe(false);
    expect(buildEnv(emulatorMode, shell({}), dir).get('VITE_E')?.value).toBe('from-emulator');
  });

  it('names a file by its path from the repository when it is one of the site’s', () => {
    expect(webDir).toBe(join(root, 'web') + '/');
    const names = buildEnv('production', shell({}), webDir);
    for (const { source } of names.values()) expect(source === 'the shell' || source.startsWith('web/.env')).toBe(true);
  });
});

describe('refuseEmulatorSettings', () => {
  const at = (source: string, value = '127.0.0.1:9099') => ({ value, source });

  it('refuses every emulator setting of a production build, in one line naming each and where it was set', () => {
    const refusal = refuseEmulatorSettings(
      'production',
      new Map([
        ['VITE_FIREBASE_PROJECT_ID', at('the shell', 'fishing-app')],
        ['VITE_AUTH_EMULATOR_HOST', at('the shell')],
        ['VITE_FIRESTORE_EMULATOR_HOST', at('web/.env.production.local', '127.0.0.1:8080')],
      ]),
    );
    expect(refusal).toBeDefined();
    expect(refusal).not.toContain('\n');
    expect(refusal).toContain('VITE_AUTH_EMULATOR_HOST (set in the shell)');
    expect(refusal).toContain('VITE_FIRESTORE_EMULATOR_HOST (set in web/.env.production.local)');
    expect(refusal).not.toContain('VITE_FIREBASE_PROJECT_ID');
    // What to do: unset the shell's, delete the file's line, or make a local build instead.
    expect(refusal).toContain('`unset VITE_AUTH_EMULATOR_HOST`');
    expect(refusal).toContain('delete that line');
    expect(refusal).toContain('npm run build:emulator -w web');
  });

  it('catches any VITE_ setting about an emulator, not only the two the site reads today', () => {
    for (const name of ['VITE_FUNCTIONS_EMULATOR_HOST', 'VITE_USE_EMULATORS', 'vite_storage_emulator_host'])
      expect(refuseEmulatorSettings('production', new Map([[name, at('the shell', 'true')]])), name).toContain(name);
  });

  it('lets through a production build without one, an empty one, and every build in the emulator mode', () => {
    expect(refuseEmulatorSettings('production', new Map([['VITE_FIREBASE_API_KEY', at('the shell', 'k')]]))).toBe(
      undefined,
    );
    expect(refuseEmulatorSettings('production', new Map([['VITE_AUTH_EMULATOR_HOST', at('the shell', ' ')]]))).toBe(
      undefined,
    );
    const local = new Map(Object.entries(webEmulatorEnv()).map(([name, value]) => [name, at('the shell', value)]));
    expect(refuseEmulatorSettings(emulatorMode, local)).toBeUndefined();
    // The very settings of a local build are the ones a production build refuses.
    expect(refuseEmulatorSettings('production', local)).toMatch(
      /VITE_FIRESTORE_EMULATOR_HOST.*VITE_AUTH_EMULATOR_HOST/,
    );
  });

  it('refuses in any mode but the emulator one (a staging build is public too)', () => {
    expect(refuseEmulatorSettings('staging', new Map([['VITE_AUTH_EMULATOR_HOST', at('the shell')]]))).toMatch(
      /^✖ A staging build refuses/,
    );
  });
});

/** Runs a command in web/ and gives its exit code, its output and how long it took. */
function runBuild(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = Date.now();
  return new Promise<{ code: number | null; output: string; seconds: number }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: webDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A refusal comes within seconds; a build that was let through would take a minute.
    const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}

describe('a real production build with an emulator setting', () => {
  // Should one be let through by mistake, it writes into a folder of its own, never the web/dist
  // that the emulators serve (npm passes the extra arguments on to `vite build`).
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'refused-build-'));
  });
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });
  const environment = { ...process.env, NODE_ENV: 'production', VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' };

  it('npm run build -w web stops before the type-check, with the one-line refusal', async () => {
    const { code, output, seconds } = await runBuild(
      'npm',
      ['run', 'build', '--silent', '-w', 'web', '--', '--outDir', outDir],
      environment,
    );
    expect(code).toBe(1);
    expect(output).toContain(
      '✖ A production build refuses emulator settings, which would point the public site at the emulators: VITE_FIRESTORE_EMULATOR_HOST (set in the shell).',
    );
    expect(seconds).toBeLessThan(10);
    expect(existsSync(join(outDir, 'index.html'))).toBe(false);
  }, 40_000);

  it('vite build, run without the npm script, is refused by the site’s Vite config before it bundles', async () => {
    const { code, output } = await runBuild(
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--outDir', outDir, '--logLevel', 'error'],
      environment,
    );
    expect(code).not.toBe(0);
    expect(output).toContain('A production build refuses emulator settings');
    expect(output).toContain('VITE_FIRESTORE_EMULATOR_HOST (set in the shell)');
    expect(existsSync(join(outDir, 'index.html'))).toBe(false);
  }, 40_000);
});
