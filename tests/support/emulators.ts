import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { MailConfig } from '../../functions/src/config.ts';
import { defaultRateLimits } from '../../functions/src/contact-pipeline/caps.ts';
import { defaultRetentionMonths } from '../../functions/src/contact-pipeline/retention.ts';
import { emulator, envLocal, root } from '../../scripts/lib/project.ts';
import { onSiteProject, testProject } from './lanes.ts';

export { root };
export { smtpPort } from '../../scripts/lib/project.ts';
/** The Firestore project of the running file's lane (lanes.ts). */
export const projectId = testProject;

function origin(name: string): string {
  const { host, port } = emulator(name);
  return `http://${host}:${String(port)}`;
}

export const hostingOrigin = origin('hosting');
export const firestoreEmulator = emulator('firestore');
export const authEmulator = emulator('auth');

export const supportEmail = envLocal('SUPPORT_EMAIL');
export const mailFrom = envLocal('MAIL_FROM') ?? '';
/** The emulators' per-sender cap: functions/.env.local's, else the function's default. */
export const limitPerSenderPerHour = Number(
  envLocal('MAIL_LIMIT_PER_SENDER_PER_HOUR') ?? defaultRateLimits.perSenderPerHour,
);

/** The emulators' global cap: functions/.env.local's, else the function's default. */
export const limitPerHour = Number(envLocal('MAIL_LIMIT_PER_HOUR') ?? defaultRateLimits.perHour);

/** The emulators' day cap: functions/.env.local's (0: none), else the function's default. */
export const limitPerDay = Number(envLocal('MAIL_LIMIT_PER_DAY') ?? defaultRateLimits.perDay);

/** The mail settings the Functions emulator runs with (functions/.env.local), for calling the modules. */
export function emulatorMailConfig(): MailConfig {
  return {
    smtp: {
      host: envLocal('SMTP_HOST') ?? '127.0.0.1',
      port: Number(envLocal('SMTP_PORT')),
      secure: false,
      auth: { method: 'none' },
    },
    from: mailFrom,
    supportEmail: supportEmail ?? '',
    limits: { perSenderPerHour: limitPerSenderPerHour, perHour: limitPerHour, perDay: limitPerDay },
    retentionMonths: Number(envLocal('MAIL_RETENTION_MONTHS') ?? defaultRetentionMonths),
  };
}

export const hubOrigin = origin('hub');

/** The triggers as this worker last set them (its files share it: isolate: false). */
let triggersEnabled: boolean | undefined;

/**
 * Stops (or starts again) the Functions emulator's background triggers (Firestore, Auth), so
 * a test can run the delivery code itself without the trigger taking the same documents. Every
 * file says in its beforeAll what it needs, so none has to restore them for the next; a call
 * that changes nothing is not made (turning them on reloads the functions: about 4 s).
 */
export async function setBackgroundTriggers(enabled: boolean): Promise<void> {
  // The triggers act on the site's project alone: a file of its own project has none to stop,
  // and must not stop them under the site's files running beside it.
  if (!onSiteProject) {
    if (enabled)
      throw new Error(`setBackgroundTriggers: no trigger acts on ${projectId}; run the file on the site's project`);
    return;
  }
  if (triggersEnabled === enabled) return;
  triggersEnabled = undefined;
  const path = enabled ? 'enableBackgroundTriggers' : 'disableBackgroundTriggers';
  const response = await fetch(`${hubOrigin}/functions/${path}`, { method: 'PUT' });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  triggersEnabled = enabled;
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

/** What an operator's command printed and how it ended. */
export type CommandRun = { code: number; stdout: string; stderr: string };

/**
 * An operator's command (`scripts/<script>`) as an operator runs it, on the emulator
 * (FIRESTORE_EMULATOR_HOST), with no terminal; on the functions the step built (`--no-build`:
 * a build would make the Functions emulator reload, turning the triggers back on under the
 * next file).
 */
export async function runCommand(script: string, ...args: string[]): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [`scripts/${script}`, '--no-build', ...args],
      {
        cwd: root,
        env: process.env,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as CommandRun;
    return { code, stdout, stderr };
  }
}

/** `npm run notice` as the operator runs it, on the emulators' project. */
export const runNotice = (...args: string[]): Promise<CommandRun> =>
  runCommand('notice.ts', ...args, '--project', projectId);
