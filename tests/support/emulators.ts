import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');
export const projectId = process.env.GCLOUD_PROJECT ?? 'demo-fishing-app';

type Emulators = Record<string, { host: string; port: number }>;
const emulators = (JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as { emulators: Emulators }).emulators;

function origin(name: string): string {
  const entry = emulators[name];
  if (!entry) throw new Error(`firebase.json has no emulators.${name}`);
  return `http://${entry.host}:${entry.port}`;
}

export const hostingOrigin = origin('hosting');
export const firestoreEmulator = emulators.firestore as { host: string; port: number };

/** The SMTP port the Functions emulator sends to (functions/.env.local). */
export const smtpPort = Number(
  /^SMTP_PORT=(\d+)$/m.exec(readFileSync(join(root, 'functions', '.env.local'), 'utf8'))?.[1],
);
export const supportEmail = /^SUPPORT_EMAIL=(.+)$/m.exec(
  readFileSync(join(root, 'functions', '.env.local'), 'utf8'),
)?.[1];

export const firestoreRules = readFileSync(join(root, 'firestore.rules'), 'utf8');

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
