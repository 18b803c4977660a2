import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from './project.ts';
import { typecheckCompiler, typecheckProjects } from './typecheck.ts';

/** The files a project's tsconfig.json gives the compiler, relative to the root. */
function projectFiles(project: string): { files: string[]; options: ts.CompilerOptions } {
  const configFile = join(root, project, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${configFile} could not be read`);
  return {
    files: parsed.fileNames.map((file) => file.slice(root.length + 1)),
    options: parsed.options,
  };
}

describe('npm run typecheck', () => {
  const projects = typecheckProjects.map((project) => ({ project, ...projectFiles(project) }));

  it('checks every TypeScript file of the repository, the site’s .tsx files and every test included', () => {
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file !== '' && !file.endsWith('.d.ts'));
    const checked = new Set(projects.flatMap(({ files }) => files));
    expect(tracked.filter((file) => file.endsWith('.tsx')).length).toBeGreaterThan(0);
    expect(tracked.filter((file) => !checked.has(file))).toEqual([]);
  });

  it('checks them strictly, as emitted code never is', () => {
    for (const { project, options } of projects) {
      expect({ project, strict: options.strict, noEmit: options.noEmit }).toEqual({
        project,
        strict: true,
        noEmit: true,
      });
    }
  });

  // The compiler of the typecheck step itself, on a project that is the site's own settings
  // with one .tsx file holding a type error (beside the site's files, so that its imports
  // resolve as theirs do): it must fail and name it.
  it('fails on a type error in a .tsx file of the site', () => {
    const folder = mkdtempSync(join(root, 'web', '.typecheck-probe-'));
    try {
      const source = 'export const Probe = () => <p title={1 + "x"}>{Math.round("x")}</p>;\n';
      writeFileSync(join(folder, 'probe.tsx'), source);
      const config = { extends: '../tsconfig.json', include: [], files: ['probe.tsx'] };
      writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(config));
      // Plain lines (`file(line,col): error TSn`), also where the run asks for colour (FORCE_COLOR).
      const result = spawnSync(join(root, typecheckCompiler), ['-p', folder, '--pretty', 'false'], {
        encoding: 'utf8',
      });
      expect(result.status).not.toBe(0);
      // TS2345: a string where Math.round takes a number; nothing else is wrong with the file.
      expect(result.stdout).toContain('probe.tsx(1,');
      expect(result.stdout.match(/error TS\d+/g)).toEqual(['error TS2345']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
