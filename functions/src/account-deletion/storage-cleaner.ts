// Deleting a member's files from Cloud Storage, behind a small interface: the real bucket in
// production, an in-memory one in unit tests. The Storage emulator cannot run on the machines
// this project is tested on (it downloads a rules runtime when it starts), so under the
// emulators the clean-up records Storage as skipped instead of calling a real bucket.

/** What the clean-up needs of a bucket. */
export type StorageCleaner = {
  /**
   * Deletes every file whose name starts with `prefix`, telling `deleted` how many after each
   * round (so a run that fails halfway has counted what it did delete).
   */
  deletePrefix(prefix: string, deleted: (count: number) => Promise<void>): Promise<void>;
};

/** The files of a bucket, as their names, in memory: for unit tests. */
export class MemoryBucket implements StorageCleaner {
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
}

/** The operations of a Cloud Storage bucket the real cleaner uses (firebase-admin's Bucket). */
export type BucketLike = {
  getFiles(query: {
    prefix: string;
    autoPaginate: false;
    maxResults: number;
  }): Promise<[Array<{ delete(): Promise<unknown> }>, ...unknown[]]>;
};

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
