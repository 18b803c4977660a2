import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  functionsLock,
  functionsLockPath,
  lockedVersionsOfFunctions,
  readJson,
  readManifest,
} from './functions-lock.ts';
import { root } from './project.ts';

// Cloud Build installs the deployed functions from functions/ alone: its lockfile must exist,
// list what functions/package.json lists, and lock the versions the tests ran against.
describe('functions/package-lock.json', () => {
  const manifest = readManifest(join(root, 'functions', 'package.json'));

  it('exists, and firebase.json uploads it with the functions', () => {
    expect(existsSync(functionsLockPath)).toBe(true);
    const config = readJson(join(root, 'firebase.json')) as { functions: Array<{ ignore: string[] }> };
    expect(config.functions[0]?.ignore).not.toContain('package-lock.json');
  });

  it('has the dependencies of functions/package.json, range for range (npm run lock:functions)', () => {
    const { root: top } = functionsLock();
    expect(top.dependencies).toEqual(manifest.dependencies);
    expect(top.devDependencies).toEqual(manifest.devDependencies);
  });

  it('locks each direct dependency at the version the root lockfile installs', () => {
    expect(functionsLock().versions).toEqual(lockedVersionsOfFunctions());
  });
});
