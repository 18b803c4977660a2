// The mail harness (mail-harness.ts) against the account server (account-server.ts), for the files
// that try the SMTP account: the server started for the file, the functions' mail configuration
// pointed at it with a password login, and before each test a fresh pool, a server that takes
// mail and an account that is up; at the end the account is left up, so no file after this one
// finds its messages held.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { MailConfig } from '../../functions/src/config.ts';
import { accountRef, readAccount } from '../../functions/src/email/smtp-account.ts';
import { closeTransport } from '../../functions/src/email/transport.ts';
import { mailbox, password, startAccountServer, type AccountServer } from './account-server.ts';
import { mailHarness, openLimits, type MailHarness } from './mail-harness.ts';

export type AccountHarnessOptions = {
  /** The first year of the file's simulated days (mail-harness.ts, freshDay). */
  clockFrom: number;
  /** The test's clock, which the server's `logins` record. */
  clock: () => number;
  /** Hears of the server and the configuration once both are ready (before the file's tests). */
  onStart: (smtp: AccountServer, config: MailConfig) => void;
};

/** Call at the top of a test file, as mailHarness. */
export function accountHarness({ clockFrom, clock, onStart }: AccountHarnessOptions): MailHarness {
  const harness = mailHarness({
    inbox: false,
    limits: openLimits,
    clockFrom,
    atEnd: async ({ db }) => {
      expect(readAccount(await accountRef(db).get()).down).toBe(false);
    },
  });
  let smtp: AccountServer | undefined;
  beforeAll(async () => {
    smtp = await startAccountServer({ clock });
    const { config } = harness;
    onStart(smtp, {
      ...config,
      smtp: { ...config.smtp, port: smtp.port, auth: { method: 'password', user: mailbox, password } },
    });
  });
  afterAll(() => smtp?.stop());
  beforeEach(async () => {
    closeTransport();
    smtp?.behave({ kind: 'accept' });
    await smtp?.start().catch(() => undefined);
    await accountRef(harness.db).delete();
  });
  return harness;
}
