import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deletionRecordYears } from '../../functions/src/account-deletion/cleanup.ts';
import { exportRecordYears, exportsPerDay } from '../../functions/src/account-export/member-export.ts';
import { threadWindowMs } from '../../functions/src/contact-pipeline/threads.ts';
import { defaultRetentionMonths, expiryField } from '../../functions/src/contact-pipeline/retention.ts';
import { dataExports } from '../../web/src/config/constants.ts';
import { retention } from '../../web/src/config/retention.ts';
import { root } from './project.ts';
import { collections } from '../../functions/src/contracts/collections.ts';
import { helpSignalLimits } from '../../functions/src/contracts/help-signal.ts';
import { siteNoticeLimits } from '../../functions/src/contracts/site-notice.ts';

type FieldOverride = { collectionGroup: string; fieldPath: string; ttl?: boolean; indexes: unknown[] };
const spec = JSON.parse(readFileSync(join(root, 'firestore.indexes.json'), 'utf8')) as {
  indexes: unknown[];
  fieldOverrides?: FieldOverride[];
};

describe('the retention of contact messages', () => {
  it('is the same in the privacy policy and in the expiry the mail function writes by default', () => {
    expect(defaultRetentionMonths).toBe(retention.supportMonths);
  });

  it('is enforced by a TTL policy on the field the mail function writes, which firebase-tools deploys', () => {
    expect(spec.fieldOverrides?.filter((field) => field.ttl)).toEqual([
      { collectionGroup: 'Mail', fieldPath: expiryField, ttl: true, indexes: [] },
      // The rate-limit counters (functions/src/email/counters.ts) expire a day after their hour.
      { collectionGroup: collections.mailLimits, fieldPath: 'expireAt', ttl: true, indexes: [] },
      { collectionGroup: collections.mailLimitShards, fieldPath: 'expireAt', ttl: true, indexes: [] },
      // The delivery warnings (functions/src/email/alerts.ts) are kept 30 days.
      { collectionGroup: collections.mailAlerts, fieldPath: 'expireAt', ttl: true, indexes: [] },
      // Threads (functions/src/contact-pipeline/threads.ts): 30 days after a visitor's last email.
      { collectionGroup: collections.mailThreads, fieldPath: 'expireAt', ttl: true, indexes: [] },
      { collectionGroup: collections.mailReferences, fieldPath: 'expireAt', ttl: true, indexes: [] },
      // Deletion records, for the years the Account page states.
      { collectionGroup: collections.accountDeletions, fieldPath: 'expireAt', ttl: true, indexes: [] },
      // Export records, for the years the privacy policy states.
      { collectionGroup: collections.dataExports, fieldPath: 'expireAt', ttl: true, indexes: [] },
      // Known-problem notices (functions/src/site-notice/store.ts): 30 days after they ended.
      { collectionGroup: collections.siteNotices, fieldPath: 'expireAt', ttl: true, indexes: [] },
      // The help centre's signals (functions/src/contracts/help-signal.ts): the days the privacy policy states.
      { collectionGroup: collections.helpSignals, fieldPath: 'expireAt', ttl: true, indexes: [] },
    ]);
    const { FirestoreApi } = createRequire(import.meta.url)('firebase-tools/lib/firestore/api.js') as {
      FirestoreApi: new () => { validateSpec(spec: unknown): void };
    };
    expect(() => {
      new FirestoreApi().validateSpec(spec);
    }).not.toThrow();
    expect(() => {
      new FirestoreApi().validateSpec({ ...spec, fieldOverrides: [{ collectionGroup: 'Mail', ttl: true }] });
    }).toThrow();
  });
});

describe('threads', () => {
  it('keep a visitor in one thread, and the code of their address, as long as the privacy policy says', () => {
    expect(threadWindowMs).toBe(retention.threadDays * 24 * 60 * 60_000);
  });
});

describe('deletion records', () => {
  it('are kept as long as the Account page and the privacy policy say', () => {
    expect(deletionRecordYears).toBe(retention.deletionRecordYears);
  });
});

describe('data exports', () => {
  it('are capped and recorded as the Account page and the privacy policy say', () => {
    expect(exportsPerDay).toBe(dataExports.perDay);
    expect(exportRecordYears).toBe(retention.copyRecordYears);
  });
});

describe('help signals', () => {
  it('are kept as long as the privacy policy and the help say', () => {
    expect(helpSignalLimits.keepDays).toBe(retention.helpSignalDays);
  });
});

describe('known problems', () => {
  it('are kept, and listed, as long as the history page and the feeds say', () => {
    expect(siteNoticeLimits.keepDays).toBe(retention.knownProblemDays);
  });
});
