// Deleting and listing a member's files in Cloud Storage, behind small interfaces: the real bucket in
// production, an in-memory one in unit tests. The Storage emulator cannot run on the machines
// this project is tested on (it downloads a rules runtime when it starts), so under the
// emulators the clean-up records Storage as skipped instead of calling a real bucket.
import type { ListedFile } from '../contracts/member-copy.js';

/** What the clean-up needs of a bucket. */
export type StorageCleaner = {
  /**
   * Deletes every file whose name starts with `prefix`, telling `deleted` how many after each
   * round (so a run that fails halfway has counted what it did delete).
   */
  deletePrefix(prefix: string, deleted: (count: number) => Promise<void>): Promise<void>;
};

/** What the copy of a member's data needs of a bucket. */
export type StorageLister = {
  /**
   * Every file whose name starts with `prefix`, by name. `beforePage`, called before each page
   * is asked for, stops the listing by throwing (the copy's deadline).
   */
  list(prefix: string, beforePage?: () => void): Promise<ListedFile[]>;
};

/** The files of a bucket, as their names, in memory: for unit tests. */
export class MemoryBucket implements StorageCleaner, StorageLister {
  readonly files: Set<string>;
  /** Throws on the call after this many deletions (an interrupted clean-up), when set. */
  failAfter: number | undefined;
  private deleted = 0;

  constructor(files: Iterable<string> = []) {
    this.files = new Set(files);
  }

  async deletePrefix(prefix: string, deleted: (count: number) => Promise<void>): Promise<void> {
    for (const name of [...this.files]) {
      if (!name.startsWith(prefix)) continue;
      if (this.failAfter !== undefined && this.deleted >= this.failAfter) throw new Error('Storage unavailable');
      this.files.delete(name);
      this.deleted += 1;
      await deleted(1);
    }
  }

  /** Each file's size is the length of its name. */
  async list(prefix: string, beforePage?: () => void): Promise<ListedFile[]> {
    beforePage?.();
    await Promise.resolve();
    return [...this.files]
      .filter((name) => name.startsWith(prefix))
      .sort()
      .map((name) => ({ name, size: name.length }));
  }
}

/** The operations of a Cloud Storage bucket the real cleaner uses (firebase-admin's Bucket). */
export type BucketLike = {
  getFiles(query: {
    prefix: string;
    autoPaginate: false;
    maxResults: number;
  }): Promise<[Array<{ delete(): Promise<unknown> }>, ...unknown[]]>;
};

/** The bucket operation the real lister uses: a page of files with their metadata, and the next page's query. */
export type ListableBucketLike = {
  getFiles(query: {
    prefix: string;
    autoPaginate: false;
    maxResults: number;
    pageToken?: string;
  }): Promise<
    [
      Array<{ name: string; metadata: { size?: string | number; contentType?: string; updated?: string } }>,
      ({ pageToken?: string } | null)?,
      ...unknown[],
    ]
  >;
};

/** A bucket's lister: pages through the files under the prefix, with their size, type and time. */
export function bucketLister(bucket: ListableBucketLike, pageSize = 1000): StorageLister {
  return {
    async list(prefix, beforePage) {
      const listed: ListedFile[] = [];
      let pageToken: string | undefined;
      do {
        beforePage?.();
        const [files, next] = await bucket.getFiles({
          prefix,
          autoPaginate: false,
          maxResults: pageSize,
          ...(pageToken ? { pageToken } : {}),
        });
        for (const file of files) {
          const { size, contentType, updated } = file.metadata;
          listed.push({
            name: file.name,
            size: Number(size ?? 0),
            ...(contentType ? { contentType } : {}),
            ...(updated ? { updated } : {}),
          });
        }
        pageToken = next?.pageToken;
      } while (pageToken);
      return listed;
    },
  };
}

/** A bucket's cleaner: lists a page of files under the prefix and deletes them, until none is left. */
export function bucketCleaner(bucket: BucketLike, pageSize = 200): StorageCleaner {
  return {
    async deletePrefix(prefix, deleted) {
      for (;;) {
        const [files] = await bucket.getFiles({ prefix, autoPaginate: false, maxResults: pageSize });
        if (files.length === 0) return;
        const results = await Promise.allSettled(files.map((file) => file.delete()));
        await deleted(results.filter((result) => result.status === 'fulfilled').length);
        const failure = results.find((result) => result.status === 'rejected');
        if (failure) throw failure.reason;
      }
    },
  };
}
