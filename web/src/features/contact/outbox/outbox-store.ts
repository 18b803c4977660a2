import type { ContactMessage } from '@contracts/contact-message';
import { indexedDatabases, outboxDatabase, outboxExists } from './outbox-exists';

// Messages kept on the phone until the team's database has them (./outbox.ts sends them): one
// IndexedDB database with one store, opened for each step and closed after it, and deleted
// once it is empty, so a visitor whose messages all arrived keeps nothing of them. No library:
// the ones at hand keep their connection open, which would hold the deletion back until the
// page closes and let a message saved meanwhile go with it.

/** A message on the phone: the document it will be, under the id the phone made for it. */
export type KeptMessage = {
  id: string;
  message: ContactMessage;
  picture?: Uint8Array;
  /** When it was saved (the phone's clock, ms). */
  savedAt: number;
  /** The database refused it (the rules would not take it now): the visitor sends it again. */
  refused?: true;
};

const databaseName = outboxDatabase;
const storeName = 'messages';

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
  });
}

function open(databases: IDBFactory): Promise<IDBDatabase> {
  const request = databases.open(databaseName, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'id' });
  return settled(request).then((database) => {
    // Another tab deleting the emptied database waits for no one.
    database.onversionchange = () => database.close();
    return database;
  });
}

/** Runs `step` on the store in one transaction, and resolves once the transaction is done. */
async function inStore<T>(mode: IDBTransactionMode, step: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const databases = indexedDatabases();
  if (!databases) throw new Error('This browser keeps no IndexedDB for this site');
  const database = await open(databases);
  try {
    const transaction = database.transaction(storeName, mode);
    const result = settled(step(transaction.objectStore(storeName)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
    return await result;
  } finally {
    database.close();
  }
}

let queue: Promise<unknown> = Promise.resolve();
/**
 * Runs `steps` alone: across the site's tabs where the browser has Web Locks, else in this tab.
 * A message kept between the last one's removal and the database's deletion would go with it.
 */
function alone<T>(steps: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(databaseName, steps);
  const run = queue.then(steps, steps);
  queue = run.catch(() => undefined);
  return run;
}

/** Keeps `kept` on the phone; false where the browser cannot (the form then says the message was not sent). */
export async function keepMessage(kept: KeptMessage): Promise<boolean> {
  try {
    await alone(() => inStore('readwrite', (store) => store.put(kept)));
    return true;
  } catch {
    return false;
  }
}

/**
 * Every message on the phone, oldest first. Where the browser can list its databases, none is
 * made to find none; where it cannot, one opened empty is deleted at once.
 */
export async function keptMessages(): Promise<KeptMessage[]> {
  const databases = indexedDatabases();
  if (!databases) return [];
  if (typeof databases.databases === 'function' && !(await outboxExists())) return [];
  const all = await inStore('readonly', (store) => store.getAll() as IDBRequest<KeptMessage[]>);
  if (all.length === 0) await alone(() => deleteIfEmpty(databases));
  return all.sort((one, other) => one.savedAt - other.savedAt);
}

async function deleteIfEmpty(databases: IDBFactory): Promise<void> {
  const left = await inStore('readonly', (store) => store.count());
  if (left === 0) await settled(databases.deleteDatabase(databaseName)).catch(() => undefined);
}

/** Marks a message as refused by the database: it stays until the visitor takes it back. */
export async function markRefused(id: string): Promise<void> {
  await alone(async () => {
    const kept = await inStore('readonly', (store) => store.get(id) as IDBRequest<KeptMessage | undefined>);
    if (kept) await inStore('readwrite', (store) => store.put({ ...kept, refused: true }));
  });
}

/** Removes a message (it arrived, or the visitor took it back); the database goes with the last one. */
export async function forgetMessage(id: string): Promise<void> {
  await alone(async () => {
    await inStore('readwrite', (store) => store.delete(id));
    const databases = indexedDatabases();
    if (databases) await deleteIfEmpty(databases);
  });
}
