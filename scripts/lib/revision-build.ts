// Builds the site of another commit for a side-by-side benchmark: a detached git worktree
// of that commit, sharing this checkout's installed packages, built the way `npm start`
// builds (emulator mode, production), its web/dist copied out and the worktree removed.
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { capture, run } from './processes.ts';
import { root } from './project.ts';
import { exitWith, prepareSite } from './lighthouse-runner.ts';

/** The build of `revision` (anything `git rev-parse` takes), in a new folder under the system's temp dir. */
export async function buildRevision(revision: string): Promise<{ dist: string; commit: string }> {
  const parsed = await capture('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], { cwd: root });
  if (parsed.code !== 0) throw new Error(`"${revision}" names no commit of this repository.`);
  const commit = parsed.stdout.trim();
  const scratch = await mkdtemp(join(tmpdir(), 'site-revision-'));
  const tree = join(scratch, 'tree');
  const dist = join(scratch, 'dist');
  const added = await capture('git', ['worktree', 'add', '--detach', '--force', tree, commit], { cwd: root });
  if (added.code !== 0) throw new Error(`git worktree add failed: ${added.stderr.trim()}`);
  try {
    // The packages of this checkout: close enough for a build of a nearby commit, and no install.
    await symlink(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
    if (existsSync(join(root, 'web', 'node_modules'))) {
      await symlink(join(root, 'web', 'node_modules'), join(tree, 'web', 'node_modules'), 'dir');
    }
    console.log(`• Building ${revision} (${commit.slice(0, 10)}) in ${tree}…`);
    const code = await run('npm', ['run', 'build:emulator', '-w', 'web', '--silent'], {
      cwd: tree,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (code !== 0) throw new Error(`The build of ${revision} failed (see above).`);
    await cp(join(tree, 'web', 'dist'), dist, { recursive: true });
    return { dist, commit };
  } finally {
    await capture('git', ['worktree', 'remove', '--force', tree], { cwd: root });
    await rm(tree, { recursive: true, force: true });
  }
}

/** A build a benchmark measures: its name in the report and its folder. */
export type BenchBuild = { label: string; dist: string };

/**
 * The builds a benchmark compares, from its options: this checkout's (built unless `--no-build`,
 * or the `--dist` folder), and with `--baseline` (a folder holding a build, else any commit,
 * built now) that one first, as A. Exits with a message when either cannot be had.
 */
export async function benchBuilds(values: {
  build?: boolean;
  dist?: string | undefined;
  baseline?: string | undefined;
}): Promise<BenchBuild[]> {
  const dist = (await prepareSite(values)) ?? join(root, 'web', 'dist');
  const current = { label: values.dist === undefined ? 'this build' : values.dist, dist };
  const { baseline } = values;
  if (baseline === undefined) return [current];
  const folder = resolve(baseline);
  if (existsSync(join(folder, 'index.html'))) return [{ label: `baseline ${baseline}`, dist: folder }, current];
  const built = await buildRevision(baseline).catch((error: unknown) =>
    exitWith(error instanceof Error ? error.message : String(error), 2),
  );
  return [{ label: `baseline ${baseline}`, dist: built.dist }, current];
}
