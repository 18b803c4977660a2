import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { MailConfig } from './config.js';
import { parseMailDocument } from './mail-document.js';
import { renderEmail } from './render-email.js';
import { getTransport } from './transport.js';

/** How long a claim on a document holds before another invocation may take it over. */
export const leaseMs = 60_000;

export type DeliveryState = 'PROCESSING' | 'SUCCESS' | 'ERROR' | 'RETRY';

type Claim = { claimed: true; data: FirebaseFirestore.DocumentData } | { claimed: false; reason: string };

/**
 * Takes the document for this invocation in a transaction: it is claimed only when no
 * delivery has finished and no other invocation holds a live lease, so an event delivered
 * twice (or two invocations at once) sends one email.
 */
export async function claim(ref: DocumentReference): Promise<Claim> {
  return ref.firestore.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return { claimed: false, reason: 'the document no longer exists' };
    const data = snapshot.data() ?? {};
    const delivery = (data.delivery ?? {}) as {
      state?: DeliveryState;
      attempts?: number;
      leaseExpireTime?: Timestamp;
    };
    if (delivery.state === 'SUCCESS' || delivery.state === 'ERROR') {
      return { claimed: false, reason: `delivery already ended in ${delivery.state}` };
    }
    if (delivery.state === 'PROCESSING' && (delivery.leaseExpireTime?.toMillis() ?? 0) > Date.now()) {
      return { claimed: false, reason: 'another invocation holds the lease' };
    }
    tx.update(ref, {
      delivery: {
        state: 'PROCESSING',
        attempts: (typeof delivery.attempts === 'number' ? delivery.attempts : 0) + 1,
        startTime: FieldValue.serverTimestamp(),
        endTime: null,
        leaseExpireTime: Timestamp.fromMillis(Date.now() + leaseMs),
        error: null,
        info: null,
      },
    });
    return { claimed: true, data };
  });
}

async function finish(ref: DocumentReference, fields: { state: 'SUCCESS' | 'ERROR'; error?: string; info?: object }) {
  await ref.update({
    'delivery.state': fields.state,
    'delivery.endTime': FieldValue.serverTimestamp(),
    'delivery.leaseExpireTime': null,
    'delivery.error': fields.error ?? null,
    'delivery.info': fields.info ?? null,
  });
}

/** Sends the email for one `Mail` document and records the outcome on it. Never throws. */
export async function deliverMail(ref: DocumentReference, config: MailConfig): Promise<DeliveryState | 'SKIPPED'> {
  const log = { mailId: ref.id };
  const taken = await claim(ref);
  if (!taken.claimed) {
    logger.info('Mail not claimed', { ...log, reason: taken.reason });
    return 'SKIPPED';
  }

  const parsed = parseMailDocument(taken.data);
  if (!parsed.ok) {
    logger.warn('Malformed mail document', { ...log, reason: parsed.reason });
    await finish(ref, { state: 'ERROR', error: `malformed document: ${parsed.reason}` });
    return 'ERROR';
  }

  try {
    const email = renderEmail(parsed.mail, config);
    const result = await getTransport(config.smtp).sendMail(email);
    await finish(ref, {
      state: 'SUCCESS',
      info: {
        messageId: result.messageId || null,
        accepted: result.accepted.map(String),
        rejected: result.rejected.map(String),
        response: result.response || null,
      },
    });
    logger.info('Mail delivered', { ...log, messageId: result.messageId });
    return 'SUCCESS';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error('Mail delivery failed', { ...log, error: message });
    await finish(ref, { state: 'ERROR', error: message });
    return 'ERROR';
  }
}
