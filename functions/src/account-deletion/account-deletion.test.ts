import { describe, expect, it } from 'vitest';
import { hashedId } from './cleanup.js';
import { deletionConfirmation } from './confirmation-email.js';
import { forMember, memberData } from '../contracts/member-data.js';
import {
  bucketCleaner,
  bucketLister,
  MemoryBucket,
  type BucketLike,
  type ListableBucketLike,
} from '../member-files/buckets.js';

describe('forMember', () => {
  it('puts the member’s id into a path or prefix', () => {
    expect(forMember('users/{UID}', 'Ab_9-x')).toBe('users/Ab_9-x');
    expect(forMember('catches/{UID}/', 'Ab_9-x')).toBe('catches/Ab_9-x/');
  });

  it.each(['', 'a/b', '../x', 'a b', 'a'.repeat(129), 'x*'])(
    'refuses the id %j, which could reach other data',
    (uid) => {
      expect(() => forMember('catches/{UID}/', uid)).toThrow(/user id/);
    },
  );

  it('refuses a template that does not name the member', () => {
    expect(() => forMember('catches/', 'abc')).toThrow(/does not name the member/);
  });

  it('names the member in every configured document and Storage prefix', () => {
    for (const template of [...memberData.documents, ...memberData.storagePrefixes])
      expect(template).toContain('{UID}');
    for (const prefix of memberData.storagePrefixes) expect(prefix.endsWith('{UID}/')).toBe(true);
  });
});

describe('hashedId', () => {
  it('is stable, one-way looking, and differs between members', () => {
    expect(hashedId('abc')).toBe(hashedId('abc'));
    expect(hashedId('abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashedId('abc')).not.toContain('abc');
    expect(hashedId('abd')).not.toBe(hashedId('abc'));
  });
});

describe('storage cleaners', () => {
  it('the in-memory bucket deletes exactly the prefix', async () => {
    const bucket = new MemoryBucket(['catches/a/1.jpg', 'catches/a/x/2.jpg', 'catches/ab/3.jpg', 'users/a/p.jpg']);
    const counts: number[] = [];
    await bucket.deletePrefix('catches/a/', async (count) => {
      await Promise.resolve();
      counts.push(count);
    });
    expect(counts).toEqual([1, 1]);
    expect([...bucket.files].sort()).toEqual(['catches/ab/3.jpg', 'users/a/p.jpg']);
  });

  it('the bucket cleaner pages through the files until none is left', async () => {
    const names = Array.from({ length: 5 }, (_, n) => `catches/a/${String(n)}.jpg`);
    const left = new Set(names);
    const queries: Array<{ prefix: string; maxResults: number }> = [];
    const bucket: BucketLike = {
      getFiles(query) {
        queries.push(query);
        const page = [...left].filter((name) => name.startsWith(query.prefix)).slice(0, query.maxResults);
        return Promise.resolve([page.map((name) => ({ delete: () => Promise.resolve(left.delete(name)) }))]);
      },
    };
    const counts: number[] = [];
    await bucketCleaner(bucket, 2).deletePrefix('catches/a/', async (count) => {
      await Promise.resolve();
      counts.push(count);
    });
    expect(counts).toEqual([2, 2, 1]);
    expect(left.size).toBe(0);
    expect(queries.map((query) => query.maxResults)).toEqual([2, 2, 2, 2]);
  });

  it('the bucket lister follows the page tokens and reads size, type and time', async () => {
    const names = Array.from({ length: 5 }, (_, n) => `catches/a/${String(n)}.jpg`);
    const tokens: Array<string | undefined> = [];
    const bucket: ListableBucketLike = {
      getFiles(query) {
        tokens.push(query.pageToken);
        const start = Number(query.pageToken ?? 0);
        const page = names.filter((name) => name.startsWith(query.prefix)).slice(start, start + query.maxResults);
        const next = start + query.maxResults < names.length ? { pageToken: String(start + query.maxResults) } : null;
        return Promise.resolve([
          page.map((name) => ({
            name,
            metadata: { size: '1024', contentType: 'image/jpeg', updated: '2026-11-01T00:00:00Z' },
          })),
          next,
        ]);
      },
    };
    const files = await bucketLister(bucket, 2).list('catches/a/');
    expect(files.map((file) => file.name)).toEqual(names);
    expect(files[0]).toEqual({
      name: 'catches/a/0.jpg',
      size: 1024,
      contentType: 'image/jpeg',
      updated: '2026-11-01T00:00:00Z',
    });
    expect(tokens).toEqual([undefined, '2', '4']);
  });
});

describe('deletionConfirmation', () => {
  it('refuses anything but one plain address', () => {
    for (const to of [
      'member@example.com\r\nBcc: x@example.net',
      'a@example.com, b@example.net',
      'Name <a@example.com>',
    ])
      expect(() => deletionConfirmation({ to, deletedAt: new Date() })).toThrow(/plain/);
  });

  it('goes to the one address, in both languages, as html and text', () => {
    const email = deletionConfirmation({
      to: 'member@example.com',
      deletedAt: new Date('2026-11-23T10:00:00Z'),
    });
    expect(email.to).toBe('member@example.com');
    expect(email.subject).toMatch(/account was deleted/);
    expect(email.subject).toMatch(/account è stato eliminato/);
    expect(email.html).toContain('lang="it"');
    expect(email.text).toContain('2026-11-23');
    expect(email.html).not.toMatch(/<script|javascript:/i);
  });

  it('sent again after no answer, says first in both languages that it may have reached the member already', () => {
    const email = deletionConfirmation({
      to: 'member@example.com',
      deletedAt: new Date('2026-11-23T10:00:00Z'),
      repeatOf: Date.parse('2026-11-23T10:05:00Z'),
    });
    const parts = email.text.split('\n\n');
    expect(parts[0]).toMatch(/^Sent again: a try at 2026-11-23 10:05 UTC .* may have reached you already\.$/);
    expect(parts[parts.indexOf('—') + 1]).toMatch(/^Inviata di nuovo: .* potrebbe esserti già arrivata\.$/);
    expect(email.html).toContain('may have reached you already');
    expect(deletionConfirmation({ to: 'member@example.com', deletedAt: new Date() }).text).not.toContain('Sent again');
  });
});
