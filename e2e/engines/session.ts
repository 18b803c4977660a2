import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { hostingOrigin, projectId, root } from '../../tests/support/emulators.ts';
import { startOfflineGoogle, type OfflineGoogle } from '../support/offline-google.ts';
import { launch, type EngineName, type EnginePage } from './drivers.ts';
import { Trace } from './trace.ts';

/** What the checks of one file share in an engine: its browser's page and what stands beside it. */
export type EngineSession = {
  readonly engine: EngineName;
  /** The browser's page; after a check that failed, a fresh browser's. */
  readonly page: EnginePage;
  /** Google's script loader, which the Account page's Google sign-in needs (offline-google.ts). */
  readonly google: OfflineGoogle;
  /** The emulators' Firestore, as the functions see it. */
  readonly db: Firestore;
  /** Where the checks write their screenshots (e2e/support/screenshots.ts says when). */
  readonly screenshots: string;
};

/**
 * A browser of its own, which has already loaded a file of the site: a fresh browser's first
 * load also starts its page and network processes (WebKitGTK here: the home page's first
 * load 8.6 s with both cores busy, 1.4 s once a small file had loaded), which belongs to the
 * launch's time, not to the check of the first page.
 */
async function startBrowser(engine: EngineName, google: OfflineGoogle, trace: Trace): Promise<EnginePage> {
  const started = trace.watch(await launch(engine, { proxy: google.proxy, note: trace.note }));
  await started.goto(`${hostingOrigin}/robots.txt`);
  return started;
}

/**
 * Declares the hooks of a file's checks in `engine` (`part`: which of its files, engine-suite.ts)
 * and gives what they set up: one browser for the checks, in order, and a fresh one after a
 * check that failed.
 */
export function engineSession(engine: EngineName, part: string): EngineSession {
  let page: EnginePage;
  const screenshots = join(root, 'e2e-screenshots', engine);

  let google: OfflineGoogle;
  let app: App;
  let db: Firestore;
  const trace = new Trace();
  const start = () => startBrowser(engine, google, trace);

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = initializeApp({ projectId }, `engine-suite-${engine}-${part}`);
    db = getFirestore(app);
    // Google's script loader, which the Account page's Google sign-in needs (offline-google.ts).
    google = await startOfflineGoogle();
    page = await start();
    console.log(`${engine}: ${page.version}`);
  }, 60_000);

  beforeEach(() => {
    trace.begin();
  });

  // One failure fails one test: a check that failed or timed out may leave the browser in no
  // state to go on (its window lost, a popup left open, the driver stuck in a command), so the
  // next check starts in a browser of its own, as the first one did.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    console.log(`${engine}: what "${task.name}" did before it failed:\n${trace.toString()}`);
    const closed = page.close().catch(() => undefined);
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    page = await start();
    console.log(`${engine}: a fresh browser after "${task.name}" failed`);
  }, 60_000);

  afterAll(async () => {
    await page.close();
    await google.close();
    await deleteApp(app);
  });

  return {
    engine,
    screenshots,
    get page() {
      return page;
    },
    get google() {
      return google;
    },
    get db() {
      return db;
    },
  };
}
