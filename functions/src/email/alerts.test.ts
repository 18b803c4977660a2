import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertEntry, alertLabel, describeAlert, type MailAlert } from './alerts.js';

const failed: MailAlert = {
  kind: 'failed',
  mailId: 'Q2x9LmTz81KpRw3vBn0c',
  reference: 'ABCD-EFGH',
  error: '550 5.1.1 <support@example.com>: mailbox unavailable',
};

describe('alert events', () => {
  it.each<MailAlert>([
    failed,
    { kind: 'stale-retry', waiting: 3, oldestWrittenMs: Date.parse('2026-11-24T08:00:00Z') },
    { kind: 'digest', digest: 'D1', messages: 40, waiting: 2 },
    {
      kind: 'site-email',
      emailKind: 'help-report',
      record: 'MailSweep/help-report-2040-01-02#email',
      error: '552 5.3.4 message too big for <support@example.com>',
      again: 'To send it again: npm run mail:resend',
    },
  ])('$kind carries the label the alert policy matches', (alert) => {
    const { fields, message } = alertEntry(alert);
    expect(fields).toMatchObject({ alert: alertLabel, kind: alert.kind });
    expect(message.startsWith('Support mail alert: ')).toBe(true);
  });

  it("keeps a failure's error text out of the log, and in the notice", () => {
    const { fields, message } = alertEntry(failed);
    expect(JSON.stringify({ fields, message })).not.toContain('mailbox unavailable');
    expect(JSON.stringify({ fields, message })).not.toContain('support@example.com');
    expect(describeAlert(failed)).toContain('550 5.1.1');
    expect(describeAlert(failed)).toContain('ABCD-EFGH');
  });

  it("keeps a site email's error text out of the log, and says in the notice how to send it again", () => {
    const alert: MailAlert = {
      kind: 'site-email',
      emailKind: 'help-report',
      record: 'MailSweep/help-report-2040-01-02#email',
      error: '552 5.3.4 message too big for <support@example.com>',
      again: 'To send it again: npm run mail:resend -- --project <id> MailSweep/help-report-2040-01-02#email',
    };
    expect(JSON.stringify(alertEntry(alert))).not.toContain('support@example.com');
    expect(describeAlert(alert)).toContain('552 5.3.4');
    expect(describeAlert(alert)).toMatch(
      /npm run mail:resend -- --project <id> MailSweep\/help-report-2040-01-02#email/,
    );
  });

  it('says a stale RETRY in numbers a person can act on', () => {
    expect(
      describeAlert({ kind: 'stale-retry', waiting: 1, oldestWrittenMs: Date.parse('2026-11-24T08:05:00Z') }),
    ).toBe(
      '1 message has waited in RETRY for over an hour (the oldest written 2026-11-24 08:05 UTC): the SMTP server keeps refusing them.',
    );
  });

  it('is what the shipped log-based alert policy matches', () => {
    const policy = JSON.parse(
      readFileSync(new URL('../../../ops/support-mail-alert.json', import.meta.url), 'utf8'),
    ) as {
      conditions: Array<{ conditionMatchedLog?: { filter: string } }>;
    };
    const filter = policy.conditions[0]?.conditionMatchedLog?.filter ?? '';
    expect(filter).toContain(`jsonPayload.alert="${alertLabel}"`);
    expect(filter).toContain('severity>=WARNING');
  });
});
