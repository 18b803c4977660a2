import { initializeApp } from 'firebase-admin/app';
import { setGlobalOptions } from 'firebase-functions';
import { onDocumentCreated } from 'firebase-functions/firestore';
import { readMailConfig, smtpPassword } from './config.js';
import { deliverMail } from './deliver.js';

// The region must be where the Firestore database is (europe-west1 serves a database in
// eur3 or europe-west1).
setGlobalOptions({ region: 'europe-west1', maxInstances: 10 });
initializeApp();

/** One contact message written by the site → one email to the support inbox. */
export const sendContactMail = onDocumentCreated(
  { document: 'Mail/{mailId}', secrets: [smtpPassword] },
  async (event) => {
    if (!event.data) return;
    await deliverMail(event.data.ref, readMailConfig());
  },
);
