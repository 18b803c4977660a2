import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { projectId } from '../../scripts/lib/project.ts';
import { test } from './fixtures.ts';

/**
 * The emulators' Firestore as an administrator sees it, for a spec file's tests to seed and
 * read: an app of the file's own, made before its tests and deleted after them. Call it at the
 * top of the file; the returned function gives the database inside a test.
 */
export function adminFirestore(): () => Firestore {
  let app: App | undefined;
  test.beforeAll(() => {
    app = initializeApp({ projectId }, `e2e-${String(Math.random())}`);
  });
  test.afterAll(async () => {
    if (app) await deleteApp(app);
  });
  return () => {
    if (!app) throw new Error('adminFirestore(): the database is there only inside the tests');
    return getFirestore(app);
  };
}
