import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allSmtpSecretNames } from '../../functions/src/smtp-secrets.ts';
import { ensureLocalSecrets, localSecretPlaceholder } from './emulators.ts';

// functions/.secret.local: a value for every secret a function declares, so the Functions
// emulator never asks Secret Manager; a developer's own lines stay as they are.

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'secret-local-'));
  file = join(dir, '.secret.local');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const placeholders = allSmtpSecretNames.map((name) => `${name}=${localSecretPlaceholder}`);

describe('ensureLocalSecrets', () => {
  it('writes a placeholder for every SMTP secret when there is no file', async () => {
    expect(ensureLocalSecrets(file)).toEqual([...allSmtpSecretNames]);
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines[0]).toMatch(/^# /);
    expect(lines.slice(1)).toEqual([...placeholders, '']);
    expect(allSmtpSecretNames).toContain('SMTP_OAUTH_REFRESH_TOKEN');
  });

  it('appends only the secrets an older file lacks, keeping its lines', async () => {
    const before = '# mine\nSMTP_PASSWORD=my-own-test-password\nOTHER_SECRET=x';
    await writeFile(file, before);
    expect(ensureLocalSecrets(file)).toEqual(allSmtpSecretNames.filter((name) => name !== 'SMTP_PASSWORD'));
    expect(await readFile(file, 'utf8')).toBe(
      `${before}\n${placeholders.filter((line) => !line.startsWith('SMTP_PASSWORD=')).join('\n')}\n`,
    );
  });

  it('leaves a complete file alone', async () => {
    const complete = `SMTP_OAUTH_CLIENT_ID=real-looking\n${placeholders.filter((line) => !line.startsWith('SMTP_OAUTH_CLIENT_ID=')).join('\n')}\n`;
    await writeFile(file, complete);
    expect(ensureLocalSecrets(file)).toEqual([]);
    expect(ensureLocalSecrets(file)).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe(complete);
  });
});
