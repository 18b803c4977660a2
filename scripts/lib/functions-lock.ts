// The functions' own lockfile (scripts/lock-functions.ts writes it) and what it must agree with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './project.ts';

export type PackageJson = {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
type Lockfile = { packages: Record<string, { version?: string } & Partial<PackageJson>> };

export const functionsLockPath = join(root, 'functions', 'package-lock.json');

/** A JSON file's content, not yet checked. */
export const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

const readManifest = (path: string) => readJson(path) as PackageJson;
const readLockfile = (path: string) => readJson(path) as Lockfile;

/**
 * The version the root lockfile installs for each of the functions' direct dependencies: the
 * workspace's own copy where npm nested one, else the hoisted one.
 */
export function lockedVersionsOfFunctions(): Record<string, string> {
  const manifest = readManifest(join(root, 'functions', 'package.json'));
  const { packages } = readLockfile(join(root, 'package-lock.json'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  return Object.fromEntries(
    names.map((name) => {
      const version = (packages[`functions/node_modules/${name}`] ?? packages[`node_modules/${name}`])?.version;
      if (!version) throw new Error(`The root lockfile does not install ${name}`);
      return [name, version];
    }),
  );
}

/** What functions/package-lock.json locks for each direct dependency, and its root entry. */
export { readManifest };

export function functionsLock(): { root: Partial<PackageJson>; versions: Record<string, string | undefined> } {
  const { packages } = readLockfile(functionsLockPath);
  const top = packages[''] ?? {};
  const names = Object.keys({ ...top.dependencies, ...top.devDependencies });
  return {
    root: top,
    versions: Object.fromEntries(names.map((name) => [name, packages[`node_modules/${name}`]?.version])),
  };
}
