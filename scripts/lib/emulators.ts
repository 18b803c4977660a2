import { appendFileSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { allSmtpSecretNames } from '../../functions/src/smtp-secrets.ts';
import { emulatorConfigArgs } from './firebase-config.ts';
import { run } from './processes.ts';
import { assertDemoProject, emulator, host, projectId, root, smtpPort } from './project.ts';

const port = (name: string) => emulator(name).port;
export const ports = {
  hosting: port('hosting'),
  firestore: port('firestore'),
  firestoreWebsocket: emulator('firestore').websocketPort ?? 9150,
  functions: port('functions'),
  auth: port('auth'),
  ui: port('ui'),
  hub: port('hub'),
  logging: port('logging'),
  eventarc: port('eventarc'),
  smtp: smtpPort,
  inbox: 1080,
  vite: 5173,
};

export const firebaseBin = join(root, 'node_modules', '.bin', 'firebase');
/** Where firebase-tools keeps the emulators it downloads. */
const firebaseCache = join(homedir(), '.cache', 'firebase', 'emulators');

/**
 * The environment the emulators run in (with the caller's): the Functions emulator gives a
 * new instance of a function 30 s to load unless FUNCTIONS_DISCOVERY_TIMEOUT says otherwise,
 * and a machine with both cores busy went past that (the Firefox and WebKit checks beside two
 * busy loops: "Failed to load function", and the contact form's email never sent). Cloud
 * Functions gives an instance's container 240 s to start listening; so do the emulators here.
 */
export function emulatorEnvironment(environment: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...environment, FUNCTIONS_DISCOVERY_TIMEOUT: '240' };
}

/**
 * Arguments for `firebase emulators:exec` of the site's emulators around `script`, with the
 * emulators' copy of firebase.json (written here; see firebase-config.ts).
 */
export function emulatorsExecArgs(script: string, options: string[] = []): string[] {
  assertDemoProject();
  return [
    'emulators:exec',
    ...emulatorConfigArgs(),
    '--project',
    projectId,
    '--only',
    'hosting,firestore,functions,auth',
    ...options,
    script,
  ];
}

function listening(portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port: portNumber });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until something listens on the port; false after the time-out. */
export async function waitForPort(portNumber: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await listening(portNumber)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Gives the next suite of a shared `emulators:exec` the emulators as they start: no Firestore
 * document and no Auth account the suite before left. `triggers`: also turn the background
 * triggers back on, for after a suite that turns them off (it reloads the functions, about 4 s,
 * so no function instance keeps what it learned either).
 */
export async function resetEmulators({ triggers }: { triggers: boolean }): Promise<void> {
  const calls: Array<[string, string, string]> = [
    firestoreDocuments(projectId),
    ['Auth accounts', `${origin('auth')}/emulator/v1/projects/${projectId}/accounts`, 'DELETE'],
  ];
  if (triggers) calls.push(['background triggers', `${origin('hub')}/functions/enableBackgroundTriggers`, 'PUT']);
  for (const call of calls) await emulatorCall(call);
}

const origin = (name: string) => `http://${host}:${String(port(name))}`;
const firestoreDocuments = (project: string): [string, string, string] => [
  'Firestore documents',
  `${origin('firestore')}/emulator/v1/projects/${project}/databases/(default)/documents`,
  'DELETE',
];

async function emulatorCall([what, url, method]: [string, string, string]): Promise<void> {
  const response = await fetch(url, { method });
  if (!response.ok)
    throw new Error(`resetting the emulators (${what}): HTTP ${response.status} ${await response.text()}`);
}

/**
 * Every document of a project in the Firestore emulator deleted, the site's by default (the
 * emulator tests start each file so, on their lane's project).
 */
export function clearFirestore(project = projectId): Promise<void> {
  return emulatorCall(firestoreDocuments(project));
}

/** Names of the given ports something already listens on. */
export async function busyPorts(wanted: Partial<typeof ports>): Promise<string[]> {
  const entries = Object.entries(wanted);
  const states = await Promise.all(entries.map(([, value]) => listening(value)));
  return entries.filter((_, index) => states[index]).map(([name, value]) => `${name} (${host}:${value})`);
}

/**
 * Whether the Emulator UI can be had: firebase-tools keeps it in its cache once downloaded;
 * otherwise one download is tried (it fails at once without internet).
 */
export async function emulatorUiAvailable(): Promise<boolean> {
  const cached = () =>
    existsSync(firebaseCache) && readdirSync(firebaseCache).some((name) => /^ui-v[\d.]+(\.zip)?$/.test(name));
  if (cached()) return true;
  const code = await run(firebaseBin, ['setup:emulators:ui'], { cwd: root, stdio: 'ignore', timeout: 60_000 });
  return code === 0 && cached();
}

/**
 * Builds what the emulators serve and run: the functions and the site in its emulator mode
 * (web/.env.emulator: the contact form writes to the Firestore emulator). False when a build
 * failed (its output says why).
 */
export async function buildForEmulators(): Promise<boolean> {
  for (const [name, args] of [
    ['functions', ['run', 'build', '-w', 'functions']],
    ['site', ['run', 'build:emulator', '-w', 'web']],
  ] as const) {
    // A production build even when the caller's environment says otherwise (a test runner
    // sets NODE_ENV=test, which would make Vite bundle React's development build).
    const env = { ...process.env, NODE_ENV: 'production' };
    if ((await run('npm', [...args, '--silent'], { cwd: root, env })) !== 0) {
      console.error(`✖ The ${name} build failed (see above).`);
      return false;
    }
  }
  return true;
}

/**
 * Makes `firebase emulators:start` find a Firestore emulator without help. firebase-tools
 * runs the jar it finds in its cache under the name of the version it wants and downloads it
 * otherwise; scripts/toolchain.sh points it elsewhere with FIRESTORE_EMULATOR_BINARY_PATH
 * (the Google Cloud CLI's emulator through a launcher jar) where that download is impossible.
 * A plain shell has no such variable, so the launcher is put into the cache under the wanted
 * name. Returns what was done, for the caller to say.
 */
export function cacheFirestoreEmulator(): string {
  const wanted = (
    JSON.parse(
      readFileSync(
        join(root, 'node_modules', 'firebase-tools', 'lib', 'emulator', 'downloadableEmulatorInfo.json'),
        'utf8',
      ),
    ) as {
      firestore: { downloadPathRelativeToCacheDir: string };
    }
  ).firestore.downloadPathRelativeToCacheDir;
  const target = join(firebaseCache, wanted);
  if (existsSync(target)) return `the Firestore emulator is in firebase-tools' cache (${wanted})`;
  const launcher = process.env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (!launcher || !existsSync(launcher)) return 'firebase-tools will download the Firestore emulator on first start';
  mkdirSync(firebaseCache, { recursive: true });
  copyFileSync(launcher, target);
  return `the Google Cloud CLI's Firestore emulator is now where firebase-tools looks (${target})`;
}

/** What functions/.secret.local holds for a secret: the emulators' logins use none of them. */
export const localSecretPlaceholder = 'unused-locally';

/**
 * The Functions emulator reads secrets from functions/.secret.local and otherwise asks
 * Secret Manager (unreachable for a demo project). Every secret a function declares needs a
 * value there, though locally none is used: the inbox takes mail without authentication.
 * Writes the file with a placeholder for each SMTP secret, or appends the ones an existing
 * file lacks (a secret added since it was written), leaving its other lines as they are.
 * Returns the names it added.
 */
export function ensureLocalSecrets(file = join(root, 'functions', '.secret.local')): string[] {
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const present = new Set(
    (existing ?? '')
      .split(/\r?\n/)
      .flatMap((line) => /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1] ?? []),
  );
  const missing = allSmtpSecretNames.filter((name) => !present.has(name));
  if (existing !== undefined && missing.length === 0) return [];
  const lines = missing.map((name) => `${name}=${localSecretPlaceholder}\n`).join('');
  if (existing === undefined) {
    writeFileSync(file, `# Local values for secret parameters (emulators only; not committed).\n${lines}`);
  } else {
    const separator = existing === '' || existing.endsWith('\n') ? '' : '\n';
    appendFileSync(file, `${separator}${lines}`);
  }
  return missing;
}

export function urlTable(options: { ui: boolean; vite: boolean }): string {
  const rows: Array<[string, string]> = [
    ['Website (Hosting emulator)', `http://${host}:${ports.hosting}/`],
    ...(options.vite
      ? ([['Website, hot reload (Vite)', `http://${host}:${ports.vite}/`]] as Array<[string, string]>)
      : []),
    ['Support inbox (maildev)', `http://${host}:${ports.inbox}/`],
    ['Inbox SMTP', `smtp://${host}:${ports.smtp}`],
    ['Firestore emulator', `http://${host}:${ports.firestore}/`],
    ['Functions emulator', `http://${host}:${ports.functions}/`],
    ['Auth emulator', `http://${host}:${ports.auth}/`],
    ['Emulator UI', options.ui ? `http://${host}:${ports.ui}/` : 'not running (it could not be downloaded)'],
    ['Emulator hub', `http://${host}:${ports.hub}/`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, url]) => `  ${name.padEnd(width)}  ${url}`).join('\n');
}
