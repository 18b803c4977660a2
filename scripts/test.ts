// `npm test`: typecheck, lint, unit tests, build, then the tests against the emulators.
// Every step runs even when an earlier one failed (but the emulator tests need the build);
// the last line sums it up and the exit code is non-zero on any failure. The emulator tests,
// the browser tests and the Firefox and WebKit checks share one start of the emulators (about
// 12 s each): this script runs them inside `firebase emulators:exec`, again as itself
// (`--inside`), which clears what each suite left before the next. The checks that need no
// emulator run while the emulator tests do, one after another: their output is shown as each
// ends. The steps are listed here; how each runs, and the run inside the emulators, is in
// scripts/lib/step-runner.ts.
//
//   --only <step>   run one step (typecheck, lint, unit, build, budgets, html, lighthouse,
//                   emulators, e2e, engines, start); the steps after build build first
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { lastGreenRunFile, type GreenRun } from '../web/build/accessibility-checks.ts';
import { resetEmulators } from './lib/emulators.ts';
import { root } from './lib/project.ts';
import { machineSeconds, machineStolenSeconds, takeChildrenSeconds } from './lib/cpu.ts';
import { formatFailed, formatSlowest, readTimings, timingsDir } from './lib/test-timings.ts';
import { bin, lintCommands, typecheckCommands, unitCommand } from './lib/step-commands.ts';
import { insideReport, StepRunner, type Outcome, type Step } from './lib/step-runner.ts';

/** Test files that must run with no other beside them (they change what every page shows). */
const alone = '**/*.alone.test.ts';
/** A vitest run's arguments that also write each test's time (scripts/lib/test-timings.ts). */
const timed = (id: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(root, timingsDir, `${id}.json`)}`,
];

const steps: Step[] = [
  {
    id: 'typecheck',
    title: 'typecheck',
    beside: 'emulators',
    commands: typecheckCommands(),
  },
  {
    id: 'lint',
    title: 'lint',
    beside: 'emulators',
    commands: lintCommands({ cached: false }),
  },
  {
    id: 'unit',
    title: 'unit tests',
    beside: 'emulators',
    commands: [unitCommand(timed('unit'))],
  },
  {
    id: 'build',
    title: 'build',
    commands: [
      ['npm', 'run', 'build', '--silent', '-w', 'functions'],
      ['npm', 'run', 'build:emulator', '--silent', '-w', 'web'],
    ],
  },
  {
    // Bytes are deterministic: the first visit's JavaScript and each route's extra chunks.
    id: 'budgets',
    title: 'bundle budgets',
    needs: 'build',
    beside: 'emulators',
    commands: [[bin('vitest'), 'run', '--config', 'tests/vitest.config.ts', 'budgets/', ...timed('budgets')]],
  },
  {
    // The W3C Nu HTML Checker on every prerendered page: 0 errors and 0 warnings.
    id: 'html',
    title: 'HTML check',
    needs: 'build',
    beside: 'emulators',
    commands: [[process.execPath, join('scripts', 'check-html.ts'), '--no-build']],
  },
  {
    // Lighthouse (mobile) on every route in both languages: accessibility, best practices and
    // SEO must be 100 (performance is printed, not asserted: speed is compared side by side by
    // `npm run bench:web`). Last beside the emulator tests, whose last minutes left a core
    // idle: on two cores it slows them (418–450 s → 602 s in a fresh clone's run) and saves
    // the 200 s it took after them.
    id: 'lighthouse',
    title: 'Lighthouse',
    needs: 'build',
    beside: 'emulators',
    commands: [[process.execPath, join('scripts', 'lighthouse.ts'), '--no-build', '--assert', '--jobs', '2']],
  },
  {
    id: 'emulators',
    inside: true,
    switchesTriggers: true,
    title: 'emulator tests',
    needs: 'build',
    // The two lanes of tests/support/lanes.ts, each one file at a time: the site's project's
    // files, and beside them those on a project of their own.
    sideBySide: true,
    commands: [
      [
        bin('vitest'),
        'run',
        '--config',
        'tests/vitest.config.ts',
        '--project',
        'site',
        'emulators/',
        ...timed('emulators'),
      ],
      [
        bin('vitest'),
        'run',
        '--config',
        'tests/vitest.config.ts',
        '--project',
        'own-project',
        ...timed('emulators-own'),
      ],
    ],
  },
  {
    // The browser tests (Debian's Chromium) against the built site on the same emulators;
    // the run starts its own SMTP inbox (e2e/support/global-setup.ts).
    id: 'e2e',
    inside: true,
    title: 'browser tests',
    needs: 'build',
    commands: [[bin('playwright'), 'test', '-c', 'e2e/playwright.config.ts']],
  },
  {
    // Gecko (Firefox ESR) and WebKit (WebKitGTK) from Debian, on the same emulators and inbox:
    // every page renders, starts and shows its images; the form, carousels and phone menu work.
    id: 'engines',
    inside: true,
    title: 'Firefox and WebKit checks',
    needs: 'build',
    commands: [
      [bin('vitest'), 'run', '--config', 'e2e/engines/vitest.config.ts', '--exclude', alone, ...timed('engines')],
      // A known-problem notice shows on every page that asks: the engines' checks of one notice,
      // side by side, last (notice.alone.test.ts).
      [
        bin('vitest'),
        'run',
        '--config',
        'e2e/engines/vitest.config.ts',
        '--maxWorkers=1',
        '.alone.',
        ...timed('engines-alone'),
      ],
    ],
  },
  {
    id: 'start',
    emulators: true,
    title: 'npm start check',
    needs: 'build',
    commands: [[bin('vitest'), 'run', '--config', 'tests/vitest.config.ts', 'start/', ...timed('start')]],
  },
];

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
if (only !== undefined && !steps.some((step) => step.id === only)) {
  console.error(`✖ Unknown step '${only}'. Steps: ${steps.map((step) => step.id).join(', ')}.`);
  process.exit(2);
}
const wanted = new Set(
  steps.filter((step) => !only || step.id === only).flatMap((step) => [step.id, step.needs ?? '']),
);

const started = Date.now();
const machineAtStart = machineSeconds();
const stolenAtStart = machineStolenSeconds();
takeChildrenSeconds();

// Inside the emulators (`--inside emulators,e2e,engines`): those steps in order, each after the
// emulators are cleared of what the one before left; what each came to goes to `insideReport`
// for the script that started the emulators.
const insideIndex = process.argv.indexOf('--inside');
const insideIds = insideIndex >= 0 ? (process.argv[insideIndex + 1] ?? '').split(',') : undefined;
if (!insideIds) rmSync(join(root, timingsDir), { recursive: true, force: true });
const runner = new StepRunner(insideIds !== undefined);
const { outcomes } = runner;

if (insideIds) {
  const report: Record<string, Omit<Outcome, 'title'>> = {};
  for (const [index, id] of insideIds.entries()) {
    const step = steps.find((candidate) => candidate.id === id);
    if (!step) throw new Error(`--inside: unknown step '${id}'`);
    try {
      const before = steps.find((candidate) => candidate.id === insideIds[index - 1]);
      if (before) await resetEmulators({ triggers: before.switchesTriggers === true });
      await runner.runStep(step);
    } catch (error) {
      runner.fail(step, String(error));
      console.error(`✖ ${String(error)}`);
    }
    const { title: _title, ...outcome } = outcomes.get(step) ?? { title: '', ok: false, seconds: 0 };
    report[id] = outcome;
    mkdirSync(dirname(insideReport), { recursive: true });
    writeFileSync(insideReport, `${JSON.stringify(report)}\n`);
  }
  process.exit(Object.values(report).every(({ ok }) => ok) ? 0 : 1);
}

const chosen = steps.filter(({ id }) => wanted.has(id));
const running = new Set(chosen.map(({ id }) => id));
const inside = chosen.filter((step) => step.inside);
for (const step of chosen) {
  if (step.beside && running.has(step.beside)) continue;
  if (step.inside && step !== inside[0]) continue;
  const leads = step.inside ? inside : [step];
  const companions = chosen.filter((other) => leads.some(({ id }) => id === other.beside));
  await Promise.all([
    step.inside ? runner.runInside(inside) : runner.runStep(step),
    (async () => {
      for (const companion of companions) await runner.runStep(companion, true);
    })(),
  ]);
}
const ordered = chosen.flatMap((step) => outcomes.get(step) ?? []);

const total = Math.round((Date.now() - started) / 1000);
const failed = ordered.filter(({ ok }) => !ok);
const parts = ordered.map(({ title, ok, seconds, note }) => `${ok ? '✔' : '✖'} ${title} ${note ?? `${seconds}s`}`);
const timings = readTimings(join(root, timingsDir));
console.log(`\n${formatSlowest(timings)}`);
// Last but one, so a log cut to its end still says which tests failed and why.
const failedTests = formatFailed(timings);
if (failedTests) console.log(`\n${failedTests}`);
for (const step of chosen) {
  const outcome = outcomes.get(step);
  const named = timings.some((timing) => timing.step === step.id && timing.failure !== undefined);
  if (outcome && !outcome.ok && !outcome.note && !named)
    console.log(`✖ ${step.title}: no test of it failed; it failed outside its tests (an error it printed above)`);
}
console.log(`\n${parts.join(' · ')}`);
const machineAtEnd = machineSeconds();
const stolenAtEnd = machineStolenSeconds();
if (machineAtStart !== undefined && machineAtEnd !== undefined) {
  const figure = (value: number) => String(Math.round(value));
  const stolen = stolenAtStart === undefined || stolenAtEnd === undefined ? undefined : stolenAtEnd - stolenAtStart;
  const alone = ordered.filter(({ machine }) => machine !== undefined);
  const besides = ordered.filter(({ cpu }) => cpu !== undefined);
  const hasBeside = besides.length > 0;
  console.log(
    [
      `CPU-seconds: ${figure(machineAtEnd - machineAtStart)} in all, on this machine's ${String(availableParallelism())} cores while npm test ran (/proc/stat)${stolen === undefined || stolen < 1 ? '' : `; besides, the host took ${figure(stolen)} from its cores (steal: no work of ours, but slower steps)`}`,
      `  while each step ran, all the machine did: ${alone.map(({ title, machine = 0 }) => `${title} ${figure(machine)}${hasBeside && title === 'emulator tests' ? ' (with the steps beside it)' : ''}`).join(' · ')}`,
      ...(hasBeside
        ? [
            `  the steps beside the emulator tests, their own processes: ${besides.map(({ title, cpu = 0 }) => `${title} ${figure(cpu)}`).join(' · ')}`,
          ]
        : []),
    ].join('\n'),
  );
}
// A full green run is recorded for the accessibility statement (web/build/accessibility-checks.ts):
// the next build states its date and commit.
if (failed.length === 0 && !only) {
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  writeFileSync(
    join(root, lastGreenRunFile),
    `${JSON.stringify({ date: new Date().toISOString(), commit } satisfies GreenRun)}\n`,
  );
}
console.log(
  failed.length === 0
    ? `✔ npm test passed: ${ordered.length} steps in ${total}s`
    : `✖ npm test failed: ${failed.map(({ title }) => title).join(', ')} (${failed.length} of ${ordered.length} steps, ${total}s)`,
);
process.exit(failed.length === 0 ? 0 : 1);
