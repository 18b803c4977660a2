import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

  it('fails on a type error in a .tsx file of the site', () => {
    const { options } = projects.find(({ project }) => project === 'web') ?? projectFiles('web');
    const file = join(root, 'web', 'src', 'typecheck-probe.tsx');
    const source = 'export const Probe = () => <p title={1 + "x"}>{Math.round("x")}</p>;\n';
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => (name === file ? source : readFile(name));
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => name === file || fileExists(name);
    const program = ts.createProgram({ rootNames: [file], options, host });
    const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => diagnostic.code);
    // TS2345: a string where Math.round takes a number.
    expect(errors).toContain(2345);
  });

  it('runs a compiler that fails on a type error, with its message', () => {
    const folder = mkdtempSync(join(tmpdir(), 'typecheck-'));
    try {
      writeFileSync(join(folder, 'probe.ts'), 'export const probe: number = Math.round("x");\n');
      const config = { compilerOptions: { strict: true, noEmit: true }, files: ['probe.ts'] };
      writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(config));
      // As the typecheck step runs it: `-p <project>`.
      const result = spawnSync(join(root, typecheckCompiler), ['-p', folder], { encoding: 'utf8' });
      expect(result.status).not.toBe(0);
      expect(result.stdout).toContain('TS2345');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
