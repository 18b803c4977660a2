// `npm run check:html`: the W3C Nu HTML Checker on every prerendered page of web/dist (both
// languages, the localized/ copies Hosting serves by Accept-Language, the 404 pages). Prints
// each file's errors and warnings with line and column, then one summary line; exits 1 on any
// error or warning. `npm test` runs it as its `html` step after the build.
//
//   --no-build   check the existing web/dist instead of running `npm run build:emulator -w web`
//
// The checker is vnu.jar from the npm package vnu-jar: the same checker as validator.w3.org/nu,
// offline, pinned by the lockfile. It runs on the Java 21+ that scripts/toolchain.sh puts in
// JAVA_HOME (the package's postinstall, which would download a Java, is not needed).
//
// Warnings fail too: the site has none, and a new one is as much a markup slip as an error.
// The checker's plain notes ("info" without the warning subtype) are not counted: today they
// are all "Trailing slash on void elements" (`<meta … />`, as Prettier formats web/index.html
// and as React and the head renderer write void elements), a style note: HTML parsers ignore
// the slash.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './lib/project.ts';
import { capture, run } from './lib/processes.ts';

const dist = join(root, 'web', 'dist');
const jar = join(root, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';

/** One message of vnu's `--format json` output (https://github.com/validator/validator/wiki/Output-»-JSON). */
type VnuMessage = {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  extract?: string;
  hiliteStart?: number;
  hiliteLength?: number;
};

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

if (!process.argv.includes('--no-build')) {
  const code = await run('npm', ['run', 'build:emulator', '--silent', '-w', 'web'], { cwd: root });
  if (code !== 0) process.exit(code);
}
if (!existsSync(join(dist, 'index.html'))) fail('web/dist has no index.html: build the site first (npm run build).');
if (!existsSync(jar)) fail(`${relative(root, jar)} is missing: run npm ci (vnu-jar is a devDependency).`);

// The files vnu's --skip-non-html checks in a directory, listed here to count them.
const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(?:html?|xhtml?)$/.test(file))
  .sort();
if (pages.length === 0) fail('web/dist has no HTML files.');

const started = Date.now();
const vnu = await capture(java, ['-jar', jar, '--format', 'json', '--skip-non-html', dist], { cwd: root });
const seconds = Math.round((Date.now() - started) / 100) / 10;

// vnu writes its JSON report to stderr and exits 1 when there are errors.
let messages: VnuMessage[];
try {
  messages = (JSON.parse(vnu.stderr) as { messages: VnuMessage[] }).messages;
} catch {
  fail(`vnu gave no report (exit code ${vnu.code}):\n${vnu.stderr.trim() || vnu.stdout.trim()}`);
}

const isError = (message: VnuMessage) => message.type !== 'info';
const isWarning = (message: VnuMessage) => message.type === 'info' && message.subType === 'warning';
const reported = messages.filter((message) => isError(message) || isWarning(message));

const fileOf = (message: VnuMessage) => (message.url ? relative(root, fileURLToPath(message.url)) : '(no file)');
/** The part vnu highlights, on one line and short: the pages' body is a single long line. */
function excerpt(message: VnuMessage): string {
  const { extract, hiliteStart = 0, hiliteLength } = message;
  if (!extract) return '';
  const text = extract.slice(hiliteStart, hiliteLength === undefined ? undefined : hiliteStart + hiliteLength);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `  ${flat.slice(0, 79)}…` : flat ? `  ${flat}` : '';
}

const byFile = new Map<string, VnuMessage[]>();
for (const message of reported) byFile.set(fileOf(message), [...(byFile.get(fileOf(message)) ?? []), message]);
for (const [file, fileMessages] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`\n${file}`);
  for (const message of fileMessages) {
    const line = message.firstLine ?? message.lastLine;
    const column = message.firstColumn ?? message.lastColumn;
    const where = line === undefined ? '-' : `${line}:${column ?? 0}`;
    const kind = isError(message) ? 'error  ' : 'warning';
    console.log(`  ${where.padEnd(9)} ${kind} ${message.message}${excerpt(message)}`);
  }
}

const errors = reported.filter(isError).length;
const warnings = reported.length - errors;
const figures = `${pages.length} files, ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} in ${seconds}s`;
if (errors === 0 && warnings === 0 && vnu.code !== 0) {
  fail(`HTML check: vnu exited with ${vnu.code} but reported nothing (${figures}):\n${vnu.stdout.trim()}`);
}
if (errors > 0 || warnings > 0) fail(`HTML check failed: ${figures} (${byFile.size} files with findings)`);
console.log(`✔ HTML check: ${figures}`);
