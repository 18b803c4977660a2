import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { errorCodes, logEvent } from '../log.js';
import { referenceFor } from '../contracts/contact-message.js';
import { withinCaps, type LeasedMessage } from './caps-check.js';
import { claimWithRetries, type ClaimRetryOptions, type ClaimSettings, type NotClaimed } from './claim.js';
import { unclaimedRetry } from './delivery.js';
import type { Expiry } from './retention.js';
import { pause } from '../email/send-failures.js';

// The message job's take (deliver.ts): the claim (claim.ts), then the caps' check of its count
// (caps-check.ts); a message no invocation could claim gets a RETRY of its own.

/** What taking a message came to. */
export type Claim =
  | LeasedMessage
  | NotClaimed
  /** Not claimed: Firestore kept refusing; RETRY recorded for the sweep (or another took it). */
  | { kind: 'busy'; recorded: boolean };

/** When a message that could not be claimed is tried again. */
export const unclaimedRetryMs = 60_000;

/**
 * Claims a message for this invocation (`claimWithRetries`) and checks its count against the
 * caps: within them it comes with its lease; over them it is back in the queue, its count
 * given back, in one write. A message that could not even be claimed (Firestore kept
 * refusing) gets a recorded RETRY, so it never stays without a delivery state and the sweep
 * takes it from there; that RETRY is written only if the document has not changed since it
 * was read: one another invocation claimed meanwhile is left to that one.
 */
export async function claimMail(
  ref: DocumentReference,
  settings: ClaimSettings,
  known: DocumentSnapshot | undefined,
  options: ClaimRetryOptions = {},
): Promise<Claim> {
  const now = options.now ?? Date.now;
  const taken = await claimWithRetries(ref, settings, known, options).catch((error: unknown) => {
    logEvent('claimFailed', { mailId: ref.id, ...errorCodes(error) });
    return undefined;
  });
  if (taken?.kind === 'claimed') {
    return withinCaps(taken, settings.caps, {
      now,
      sleep: options.sleep ?? pause,
      random: options.random ?? Math.random,
    });
  }
  return taken ?? { kind: 'busy', recorded: await retryUnclaimed(ref, settings.expiry, now) };
}

/** Records RETRY on a message no invocation could claim; true when it was written. */
async function retryUnclaimed(ref: DocumentReference, expiry: Expiry, now: () => number): Promise<boolean> {
  try {
    const snapshot = await ref.get();
    if (!snapshot.exists || snapshot.get('delivery.state') !== undefined) return false;
    await ref.update(
      {
        ...unclaimedRetry(
          'could not be claimed: the database was busy',
          now() + unclaimedRetryMs,
          expiry(snapshot.get('createdAt'), now()),
        ),
        reference: referenceFor(ref.id),
      },
      { lastUpdateTime: snapshot.updateTime },
    );
    return true;
  } catch {
    return false;
  }
}
