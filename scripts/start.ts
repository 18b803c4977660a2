// `npm start` (and `npm run dev` with --dev): builds the site and the functions, then runs
// the Hosting, Firestore and Functions emulators and the local support inbox until Ctrl-C.
//
//   --dev       also the Vite dev server with hot reload, and the functions rebuilt on change
//   --save      export the emulators' data into emulator-data/ on exit
//   --no-build  start with the site and the functions as last built (web/dist, functions/lib)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildForEmulators,
  busyPorts,
  emulatorEnvironment,
  emulatorsExecArgs,
  emulatorUiAvailable,
  ensureLocalSecrets,
  firebaseBin,
  ports,
} from './lib/emulators.ts';
import { root } from './lib/project.ts';
import { Supervisor } from './lib/processes.ts';
import { bin } from './lib/step-commands.ts';

const dev = process.argv.includes('--dev');
const save = process.argv.includes('--save');
const build = !process.argv.includes('--no-build');

const ui = await emulatorUiAvailable();
if (!ui) console.log('• The Emulator UI could not be downloaded (offline?): starting without it.');

const { ui: uiPort, vite: vitePort, ...always } = ports;
const busy = await busyPorts({ ...always, ...(ui ? { ui: uiPort } : {}), ...(dev ? { vite: vitePort } : {}) });
if (busy.length > 0) {
  console.error(`✖ Cannot start: already in use: ${busy.join(', ')}. Is another 'npm start' running?`);
  process.exit(1);
}

ensureLocalSecrets();
if (build) {
  console.log('• Building the functions and the site…');
  if (!(await buildForEmulators())) process.exit(1);
} else {
  const missing = ['web/dist/index.html', 'functions/lib/index.js'].filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) {
    console.error(
      `✖ Nothing to start with --no-build: ${missing.join(' and ')} not built yet (npm start builds them).`,
    );
    process.exit(1);
  }
  console.log('• Starting with the site and the functions as last built (--no-build).');
}

const supervisor = new Supervisor();
supervisor.start('inbox', process.execPath, [
  bin('maildev'),
  '--ip',
  '127.0.0.1',
  '--web-ip',
  '127.0.0.1',
  '--smtp',
  String(ports.smtp),
  '--web',
  String(ports.inbox),
  '--silent',
]);

const readyArgs = [ui ? '--ui' : '', dev ? '--dev' : ''].filter(Boolean).join(' ');
supervisor.start(
  'emulators',
  firebaseBin,
  emulatorsExecArgs(`node scripts/ready.ts ${readyArgs}`, [
    '--import',
    'emulator-data',
    ...(save ? ['--export-on-exit', 'emulator-data'] : []),
    ...(ui ? ['--ui'] : []),
  ]),
  { cwd: root, env: emulatorEnvironment() },
);

if (dev) {
  supervisor.start(
    'functions build (watch)',
    bin('tsc'),
    ['-p', 'functions/tsconfig.build.json', '--watch', '--preserveWatchOutput'],
    {
      cwd: root,
    },
  );
  supervisor.start('vite', bin('vite'), ['--mode', 'emulator'], { cwd: join(root, 'web') });
}

// Ctrl-C (or a stop signal) stops everything; so does any one part stopping by itself.
const stopped = await Promise.race([
  new Promise<null>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => resolve(null));
  }),
  supervisor.firstExit(),
]);
if (stopped) console.error(`✖ ${stopped.name} stopped (exit code ${stopped.code}); stopping everything else.`);
console.log('\n• Stopping the emulators and the inbox…');
await supervisor.stopAll();
console.log('• Stopped: no emulator, inbox or Java process is left running.');
process.exit(stopped ? stopped.code || 1 : 0);
