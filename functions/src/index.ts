import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions';
import { onDocumentCreated } from 'firebase-functions/firestore';
import { onSchedule } from 'firebase-functions/scheduler';
import * as v1 from 'firebase-functions/v1';
import { onCall, onRequest } from 'firebase-functions/v2/https';
import type { StorageCleaner, StorageLister } from './member-files/buckets.js';
import { exportRequiresAppCheck, readMailConfig, smtpConnections, smtpSecrets } from './config.js';
import { functionsRegion } from './region.js';
import { collections } from './contracts/collections.js';
import { answerNoticeRead, type NoticeReads } from './site-notice/read.js';
import { keptRead, shownNoticeFromMemory } from './site-notice/memory.js';
import { readNoticeFacts } from './site-notice/site-facts.js';
import { readCurrent, readHistory } from './site-notice/store.js';

// Each function loads what only it uses (the mail code with nodemailer and the image library,
// Auth, Storage) on its first invocation, not at import: every instance of every function
// loads this file, and the notice's read, which each visit to Contact Us and the help centre
// makes, would otherwise start by loading all of it. What a function's definition needs (its
// parameters, secrets, region) stays here.

setGlobalOptions({ region: functionsRegion, maxInstances: 10 });
initializeApp();

// Both time-outs stay below the claim's lease (delivery.ts, leaseMs: 10 min), so a claim outlives its invocation.

/**
 * One contact message written by the site → one email to the support inbox, in this one
 * invocation when all goes well (a short outage is retried here for a few seconds). An
 * instance runs 16 invocations at once, in 512 MiB with one vCPU, chosen from a measurement
 * (`npm run bench:mail -- --parallel N --pictures`: each message the longest text and a
 * 1,600 × 1,600 px picture of noise, the costliest to decode; resident memory above the
 * process's own): 1 at once +33 MB, 10 +70 MB, 16 +88 MB, 40 +142 MB, 80 +151 MB. Pictures are
 * drawn one at a time per instance (contact-pipeline/picture.ts), about 0.6 s each at worst, so 16 in line
 * wait about 10 s, within the read's 20 s deadline; at 40 the last waited 23 s and would have
 * gone without its picture. 16 leaves half of 512 MiB free beside the runtime.
 */
export const sendContactMail = onDocumentCreated(
  {
    document: `${collections.mail}/{mailId}`,
    secrets: [...smtpSecrets],
    timeoutSeconds: 180,
    memory: '512MiB',
    cpu: 1,
    concurrency: 16,
    // One SMTP connection per instance: the account's connections at once stay within its provider's cap.
    maxInstances: smtpConnections,
  },
  async (event) => {
    if (!event.data) return;
    const { deliverMail } = await import('./contact-pipeline/deliver.js');
    await deliverMail(event.data.ref, readMailConfig(), { snapshot: event.data });
  },
);

/**
 * Every minute: messages waiting to be retried (after a transient failure, or because an
 * operator set `delivery.state` to RETRY), abandoned claims and lost events, then one digest
 * of the messages queued over the caps, so one written during a flood is in the inbox within
 * a minute or two. 512 MiB: a digest reads up to 200 messages at once in one transaction, and in
 * a flood of messages with pictures each holds up to 640 KiB (about 130 MB), which the default
 * 256 MiB would not hold beside the runtime; the sweep's own queries leave the pictures out.
 */
export const retryContactMail = onSchedule(
  { schedule: 'every 1 minutes', secrets: [...smtpSecrets], timeoutSeconds: 300, maxInstances: 1, memory: '512MiB' },
  async () => {
    const { sweepMail } = await import('./contact-pipeline/sweep.js');
    await sweepMail(getFirestore(), readMailConfig());
  },
);

/**
 * The help centre's weekly report to the support address (help-report/weekly.ts): due every
 * Monday from 08:00 in Rome, asked every 15 minutes so a report held while the SMTP account
 * fails goes out soon after it works again; once sent, a run reads one document.
 */
export const sendHelpReport = onSchedule(
  { schedule: 'every 15 minutes', secrets: [...smtpSecrets], timeoutSeconds: 120, maxInstances: 1, memory: '256MiB' },
  async () => {
    const { sendHelpReport: send } = await import('./help-report/weekly.js');
    await send(getFirestore(), readMailConfig());
  },
);

/**
 * Cloud Storage for the account clean-up. The emulators here have no Storage emulator (it
 * cannot start offline), and the demo project has no bucket: Storage is then skipped and the
 * record says so.
 */
function withoutStorage(): boolean {
  return process.env.FUNCTIONS_EMULATOR === 'true' && !process.env.FIREBASE_STORAGE_EMULATOR_HOST;
}
async function storageCleaner(): Promise<StorageCleaner | undefined> {
  if (withoutStorage()) return undefined;
  const [{ bucketCleaner }, { getStorage }] = await Promise.all([
    import('./member-files/buckets.js'),
    import('firebase-admin/storage'),
  ]);
  return bucketCleaner(getStorage().bucket());
}
async function storageLister(): Promise<StorageLister | undefined> {
  if (withoutStorage()) return undefined;
  const [{ bucketLister }, { getStorage }] = await Promise.all([
    import('./member-files/buckets.js'),
    import('firebase-admin/storage'),
  ]);
  return bucketLister(getStorage().bucket());
}

/**
 * "Download my data" on the Account page: the signed-in member's own copy of their data, as
 * JSON, a few times a day (account-export/). Reached through the site's own address (a Hosting
 * rewrite, firebase.json), so the page needs no other origin in its Content-Security-Policy.
 * Sized from a measured copy at the limit (docs/developing.md, "The Account page"): about
 * 100 MB at its peak (its documents, their JSON, its answer), so 4 at once in 1 GiB beside the
 * runtime; 60 s, Hosting's limit for a rewrite to a function (the copy gives up at 40 s).
 */
export const exportMemberData = onCall(
  { timeoutSeconds: 60, memory: '1GiB', cpu: 1, concurrency: 4, maxInstances: 10 },
  async (request) => {
    const [{ accountOf, answerExport }, { getAuth }] = await Promise.all([
      import('./account-export/callable.js'),
      import('firebase-admin/auth'),
    ]);
    return answerExport(request, {
      db: getFirestore(),
      account: async (uid) => accountOf(await getAuth().getUser(uid)),
      storage: await storageLister(),
      requireAppCheck: exportRequiresAppCheck.value(),
    });
  },
);

/**
 * The known-problem reads, as this instance remembers them (site-notice/memory.ts): made on the
 * first request, so the database client is not made at import time, and kept by the instance.
 */
let noticeReads: NoticeReads | undefined;

function makeNoticeReads(): NoticeReads {
  const db = getFirestore();
  const now = Date.now;
  let facts: ReturnType<typeof readNoticeFacts> | undefined;
  return {
    shown: shownNoticeFromMemory({ read: () => readCurrent(db), now }),
    history: keptRead({ read: () => readHistory(db, now()), now }),
    facts: () =>
      (facts ??= readNoticeFacts().catch((error: unknown) => {
        facts = undefined;
        throw error;
      })),
    now,
  };
}

/**
 * The known problems (site-notice/): the notice shown now, read by every visit to Contact Us and
 * the help centre, the history page's read, the app's status and the Atom feeds. Each is
 * cached by Hosting's CDN (firebase.json rewrites their addresses here) and, whatever address a
 * request asks, by the instance's memory, so the database is read at most once per read per
 * instance every siteNoticeLimits.memorySeconds. Small: 256 MiB, 80 requests at once per
 * instance.
 */
export const siteNotice = onRequest(
  { memory: '256MiB', concurrency: 80, maxInstances: 10 },
  async (request, response) => {
    noticeReads ??= makeNoticeReads();
    const answer = await answerNoticeRead(request.method, request.path, noticeReads);
    response.status(answer.status).set(answer.headers).send(answer.body);
  },
);

/**
 * A member's Auth account was deleted (the Account page, the app, the console): delete their
 * data and send the confirmation. A v1 trigger, the only kind Auth deletions have; a failure
 * is retried (failurePolicy) until the record says DONE, each run finishing what is left.
 */
export const cleanUpDeletedAccount = v1
  .region(functionsRegion)
  .runWith({ failurePolicy: true, secrets: [...smtpSecrets], timeoutSeconds: 300, maxInstances: 10 })
  .auth.user()
  .onDelete(async (user) => {
    const [{ cleanUpMember }, { getTransport }] = await Promise.all([
      import('./account-deletion/cleanup.js'),
      import('./email/transport.js'),
    ]);
    const config = readMailConfig();
    await cleanUpMember(
      { uid: user.uid, email: user.email, emailVerified: user.emailVerified },
      {
        db: getFirestore(),
        storage: await storageCleaner(),
        perDay: config.limits.perDay,
        transport: getTransport(config.smtp),
        from: config.from,
        supportEmail: config.supportEmail,
      },
    );
  });
