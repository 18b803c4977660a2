import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultRateLimits } from '../../functions/src/rate-limits.ts';

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

const envLocal = readFileSync(join(root, 'functions', '.env.local'), 'utf8');
const envValue = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(envLocal)?.[1];

/** The SMTP port the Functions emulator sends to (functions/.env.local). */
export const smtpPort = Number(envValue('SMTP_PORT'));
export const supportEmail = envValue('SUPPORT_EMAIL');
export const mailFrom = envValue('MAIL_FROM')?.replace(/^"|"$/g, '') ?? '';
/** The emulators' per-sender cap: functions/.env.local's, else the function's default. */
export const limitPerSenderPerHour = Number(
  envValue('MAIL_LIMIT_PER_SENDER_PER_HOUR') ?? defaultRateLimits.perSenderPerHour,
);

export const hubOrigin = origin('hub');

/**
 * Stops (or starts again) the Functions emulator's Firestore triggers, so a test can run the
 * delivery code itself without the trigger taking the same documents.
 */
export async function setBackgroundTriggers(enabled: boolean): Promise<void> {
  const path = enabled ? 'enableBackgroundTriggers' : 'disableBackgroundTriggers';
  const response = await fetch(`${hubOrigin}/functions/${path}`, { method: 'PUT' });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
}

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

type RestValue = {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number;
  stringValue?: string;
  timestampValue?: string;
  arrayValue?: { values?: RestValue[] };
  mapValue?: { fields?: Record<string, RestValue> };
};

function fromRest(value: RestValue): unknown {
  if (value.mapValue) {
    return Object.fromEntries(Object.entries(value.mapValue.fields ?? {}).map(([key, item]) => [key, fromRest(item)]));
  }
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(fromRest);
  if (value.integerValue !== undefined) return Number(value.integerValue);
  if ('nullValue' in value) return null;
  return value.stringValue ?? value.timestampValue ?? value.booleanValue ?? value.doubleValue;
}

/**
 * Reads a document as the emulator's owner, past the rules, with one plain HTTP request:
 * polling through a fresh SDK client per read could hang now and then.
 */
export async function readDocument(path: string): Promise<Record<string, unknown> | undefined> {
  const url = `http://${firestoreEmulator.host}:${String(firestoreEmulator.port)}/v1/projects/${projectId}/databases/(default)/documents/${path}`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' }, signal: AbortSignal.timeout(5_000) });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`reading ${path}: HTTP ${String(response.status)} ${await response.text()}`);
  const document = (await response.json()) as { fields?: Record<string, RestValue> };
  return fromRest({ mapValue: { fields: document.fields ?? {} } }) as Record<string, unknown>;
}
