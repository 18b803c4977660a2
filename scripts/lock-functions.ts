// `npm run lock:functions`: writes functions/package-lock.json, the lockfile Cloud Build
// installs the deployed functions from. The root lockfile covers the workspaces, but the
// functions are deployed from functions/ alone, where without a lockfile every deploy would
// resolve the `^` ranges anew. The direct dependencies are locked at the versions the root
// lockfile installs (those the tests ran against); the lockfile's root entry keeps
// functions/package.json's ranges. Run it after changing functions/package.json;
// scripts/lib/functions-lock.test.ts fails while the two disagree.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { functionsLockPath, lockedVersionsOfFunctions, readManifest } from './lib/functions-lock.ts';
import { root } from './lib/project.ts';

const manifest = readManifest(join(root, 'functions', 'package.json'));
const pinned = lockedVersionsOfFunctions();
const pin = (ranges: Record<string, string> = {}) =>
  Object.fromEntries(Object.keys(ranges).map((name) => [name, pinned[name] ?? ranges[name] ?? '*']));

const work = mkdtempSync(join(tmpdir(), 'functions-lock-'));
try {
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({
      ...manifest,
      dependencies: pin(manifest.dependencies),
      devDependencies: pin(manifest.devDependencies),
    }),
  );
  const result = spawnSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: work,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const lock = JSON.parse(readFileSync(join(work, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, Record<string, unknown>>;
  };
  const top = lock.packages[''] ?? {};
  lock.packages[''] = { ...top, dependencies: manifest.dependencies, devDependencies: manifest.devDependencies };
  writeFileSync(functionsLockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`✔ ${functionsLockPath}: ${String(Object.keys(lock.packages).length - 1)} packages`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
