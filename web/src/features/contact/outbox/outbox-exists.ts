import { siteStorage } from '../../../config/storage';

// Whether messages wait on this phone, asked without opening the outbox's database (opening it
// would make one for every visitor): the only part of the outbox every page carries.

/** The outbox's database (config/storage.ts lists it). */
export const outboxDatabase = siteStorage.contactOutbox.name;

/** The window event the outbox sends when what it shows changes (a message saved, sent, refused). */
export const outboxChangedEvent = 'contact-outbox-changed';

/** The browser's IndexedDB, or undefined where it has none or refuses it (some private modes). */
export function indexedDatabases(): IDBFactory | undefined {
  try {
    return typeof indexedDB === 'undefined' ? undefined : indexedDB;
  } catch {
    return undefined;
  }
}

/**
 * Whether the phone keeps the outbox's database: false where the browser cannot list its
 * databases (older ones), whose messages wait for the Contact Us page.
 */
export async function outboxExists(): Promise<boolean> {
  const databases = indexedDatabases();
  if (typeof databases?.databases !== 'function') return false;
  try {
    return (await databases.databases()).some((database) => database.name === outboxDatabase);
  } catch {
    return false;
  }
}
