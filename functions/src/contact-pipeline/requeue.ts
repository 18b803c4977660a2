import {
  FieldPath,
  GrpcStatus,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { requeuedByOperator } from './delivery.js';
import { maxDigestMessages } from './digest-queue.js';
import { collections } from '../contracts/collections.js';

// Puts contact messages that ended back in the queue, for an operator (`npm run
// mail:requeue`, scripts/mail-requeue.ts): after the SMTP account's daily quota was spent or
// the server was down, the messages that ended in ERROR meanwhile (or, on request, those that
// ended in SUCCESS, to send them again) wait in QUEUED once more, and the sweep's digests send
// them under the caps, at most one digest a minute and fewer as the day's emails run down
// (digest.ts), never a burst of emails of their own.
// In two steps, so the operator sees what would change before anything does: the plan reads
// the documents written in a time range, the apply writes each one only if it is unchanged
// since the plan read it. Neither puts the visitor's text anywhere: the plan reads only the
// written time and the delivery's state and error, and its summary groups the errors with
// addresses masked.

/** The ended states a message can be put back in the queue from. */
export const requeueStates = ['ERROR', 'SUCCESS'] as const;
export type RequeueState = (typeof requeueStates)[number];

export type RequeueQuery = {
  /** From this written time (`createdAt`), included. */
  sinceMs: number;
  /** Up to this written time, not included; now when not given. */
  untilMs?: number;
  /** The states to take; ERROR when not given. */
  states?: readonly RequeueState[];
  /** Documents read per page. */
  pageSize?: number;
};

/** One message the plan would put back in the queue, as it was when the plan read it. */
export type PlannedMessage = {
  ref: DocumentReference;
  state: RequeueState;
  error: string | null;
  /** When the site wrote it. */
  createdAt: Timestamp;
  /** The document's update time when read: the apply writes only if it is still this. */
  updateTime: Timestamp;
};

export type RequeueSummary = {
  messages: number;
  byState: Record<RequeueState, number>;
  /** How many messages per kind of error (errorKind), most first. */
  byError: Array<{ kind: string; messages: number }>;
  /** The earliest and latest written times among the messages; null when there are none. */
  oldestWrittenMs: number | null;
  newestWrittenMs: number | null;
  /** The fewest digests that carry them all (digest.ts: at most maxDigestMessages each). */
  digests: number;
};

export type RequeuePlan = {
  sinceMs: number;
  untilMs: number;
  states: RequeueState[];
  messages: PlannedMessage[];
  summary: RequeueSummary;
};

export type RequeueResult = {
  /** Put back in the queue. */
  requeued: number;
  /** Changed (or deleted) since the plan read them: left as they are. */
  skipped: number;
  /** Writes that failed for another reason; running again retries them. */
  failed: number;
  /** The ids of the documents whose write failed. */
  failedIds: string[];
};

/** How much of an error the summary groups by: enough for "550 5.4.5 Daily sending quota exceeded". */
export const errorKindLength = 60;

/** What stands for an email address in an error kind (an SMTP reply may quote one). */
export const maskedAddress = '<address>';

/** What stands for a message without an error (one that ended in SUCCESS). */
export const noError = '(no error)';

/**
 * The kind of an error, for grouping messages in the summary: its text on one line, any email
 * address masked, cut after errorKindLength characters, so messages that failed the same way
 * (and differ only in what the server appended) fall in one group.
 */
export function errorKind(error: string | null): string {
  if (error === null) return noError;
  const line = error
    .replace(/<?[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+>?/g, maskedAddress)
    .replace(/\s+/g, ' ')
    .trim();
  if (line === '') return noError;
  return line.length > errorKindLength ? `${line.slice(0, errorKindLength).trimEnd()}…` : line;
}

/** The operator's view of a plan: counts per state and per kind of error, and the written times. */
export function summarize(
  messages: ReadonlyArray<Pick<PlannedMessage, 'state' | 'error' | 'createdAt'>>,
): RequeueSummary {
  const byState: Record<RequeueState, number> = { ERROR: 0, SUCCESS: 0 };
  const byError = new Map<string, number>();
  let oldestWrittenMs: number | null = null;
  let newestWrittenMs: number | null = null;
  for (const { state, error, createdAt } of messages) {
    const writtenMs = createdAt.toMillis();
    byState[state] += 1;
    const kind = errorKind(error);
    byError.set(kind, (byError.get(kind) ?? 0) + 1);
    if (oldestWrittenMs === null || writtenMs < oldestWrittenMs) oldestWrittenMs = writtenMs;
    if (newestWrittenMs === null || writtenMs > newestWrittenMs) newestWrittenMs = writtenMs;
  }
  return {
    messages: messages.length,
    byState,
    byError: [...byError]
      .map(([kind, count]) => ({ kind, messages: count }))
      .sort((a, b) => b.messages - a.messages || a.kind.localeCompare(b.kind)),
    oldestWrittenMs,
    newestWrittenMs,
    digests: Math.ceil(messages.length / maxDigestMessages),
  };
}

/** Checks a query's range and states, and fills in the defaults; throws a RangeError saying what is wrong. */
export function requeueRange(query: RequeueQuery, nowMs: number): Pick<RequeuePlan, 'sinceMs' | 'untilMs' | 'states'> {
  const { sinceMs } = query;
  const untilMs = query.untilMs ?? nowMs;
  const states = [...new Set<RequeueState>(query.states ?? ['ERROR'])];
  if (!Number.isFinite(sinceMs) || !Number.isFinite(untilMs)) throw new RangeError('the time range is not a date');
  if (sinceMs >= untilMs) {
    throw new RangeError(
      `the range is empty: ${new Date(sinceMs).toISOString()} is not before ${new Date(untilMs).toISOString()}`,
    );
  }
  if (states.length === 0) throw new RangeError('no state given');
  for (const state of states) {
    // Checked at run time too: the states may come from a command line.
    if (!(requeueStates as readonly string[]).includes(state)) {
      throw new RangeError(`unknown state ${JSON.stringify(state)}: give ${requeueStates.join(' or ')}`);
    }
  }
  return { sinceMs, untilMs, states };
}

/**
 * The messages written in [since, until) whose delivery ended in one of the states, and their
 * summary. Read in pages of the written-time range ordered by written time, then document id
 * (the single-field index on `createdAt` serves it: no composite index), the state checked
 * here; only `createdAt` and the delivery's state and error are read. A document without a
 * written time is never in a range.
 */
export async function planRequeue(db: Firestore, query: RequeueQuery): Promise<RequeuePlan> {
  const range = requeueRange(query, Date.now());
  const pageSize = query.pageSize ?? 500;
  const wanted = new Set<string>(range.states);
  const base = db
    .collection(collections.mail)
    .where('createdAt', '>=', Timestamp.fromMillis(range.sinceMs))
    .where('createdAt', '<', Timestamp.fromMillis(range.untilMs))
    .orderBy('createdAt')
    .orderBy(FieldPath.documentId())
    .select('createdAt', 'delivery.state', 'delivery.error')
    .limit(pageSize);
  const messages: PlannedMessage[] = [];
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    const page = await (last ? base.startAfter(last) : base).get();
    for (const snapshot of page.docs) {
      const state: unknown = snapshot.get('delivery.state');
      const createdAt: unknown = snapshot.get('createdAt');
      if (typeof state !== 'string' || !wanted.has(state) || !(createdAt instanceof Timestamp)) continue;
      const error: unknown = snapshot.get('delivery.error');
      messages.push({
        ref: snapshot.ref,
        state: state as RequeueState,
        error: typeof error === 'string' ? error : null,
        createdAt,
        updateTime: snapshot.updateTime,
      });
    }
    last = page.docs.at(-1);
    if (page.size < pageSize || !last) break;
  }
  return { ...range, messages, summary: summarize(messages) };
}

/** Whether a write was refused because the document changed (or went) since the plan read it. */
export function changedSincePlan(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === GrpcStatus.FAILED_PRECONDITION || code === GrpcStatus.NOT_FOUND;
}

/**
 * Puts the plan's messages back in the queue, due at `nowMs` (delivery.ts: requeuedByOperator,
 * which keeps how each had ended). Each write holds only if the document is unchanged since
 * the plan read it: one that changed meanwhile (the sweep, another operator) is skipped and
 * counted, never overwritten. Writes go through a BulkWriter, which retries what the database
 * refuses for a moment.
 */
export async function applyRequeue(db: Firestore, plan: RequeuePlan, nowMs: number): Promise<RequeueResult> {
  const result: RequeueResult = { requeued: 0, skipped: 0, failed: 0, failedIds: [] };
  const writer = db.bulkWriter();
  for (const { ref, state, error, updateTime } of plan.messages) {
    void writer.update(ref, requeuedByOperator({ state, error }, nowMs), { lastUpdateTime: updateTime }).then(
      () => {
        result.requeued += 1;
      },
      (reason: unknown) => {
        if (changedSincePlan(reason)) {
          result.skipped += 1;
        } else {
          result.failed += 1;
          result.failedIds.push(ref.id);
        }
      },
    );
  }
  await writer.close();
  return result;
}
