import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions';
import { onDocumentCreated } from 'firebase-functions/firestore';
import { onSchedule } from 'firebase-functions/scheduler';
import { readMailConfig, smtpPassword } from './config.js';
import { deliverMail } from './deliver.js';
import { sweepMail } from './sweep.js';

// The region must be where the Firestore database is (europe-west1 serves a database in
// eur3 or europe-west1).
setGlobalOptions({ region: 'europe-west1', maxInstances: 10 });
initializeApp();

// Both time-outs stay below deliver.ts's lease (10 min), so a claim outlives its invocation.

/**
 * One contact message written by the site → one email to the support inbox, in this one
 * invocation when all goes well (a short outage is retried here for a few seconds).
 */
export const sendContactMail = onDocumentCreated(
  { document: 'Mail/{mailId}', secrets: [smtpPassword], timeoutSeconds: 180 },
  async (event) => {
    if (!event.data) return;
    await deliverMail(event.data.ref, readMailConfig());
  },
);

/**
 * Every 5 minutes: messages waiting to be retried (after a transient failure, or because an
 * operator set `delivery.state` to RETRY), abandoned claims, and lost events.
 */
export const retryContactMail = onSchedule(
  { schedule: 'every 5 minutes', secrets: [smtpPassword], timeoutSeconds: 300, maxInstances: 1 },
  async () => {
    await sweepMail(getFirestore(), readMailConfig());
  },
);
