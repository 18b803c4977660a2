// What `npm run bench:mail` observes: the SMTP server the functions send to, the Functions
// emulator's own log stream (through the Logging emulator) and the Mail documents (read
// with the emulator's owner token, past the rules).
import { startInbox } from './smtp-inbox.ts';
import { collections } from '../../functions/src/contracts/collections.ts';

export type Arrival = {
  /** When the server answered 250 to the message (Date.now()). */
  acceptedAt: number;
  subject: string;
  messageId: string | undefined;
  recipients: string[];
};

export type SmtpSink = { readonly arrivals: Arrival[]; close(): Promise<void> };

/** A real SMTP server on loopback (smtp-inbox.ts) that accepts every message and notes when. */
export async function startSmtpSink(host: string, port: number): Promise<SmtpSink> {
  const inbox = await startInbox(port, host);
  return {
    get arrivals() {
      return inbox.messages.map((mail, index) => ({
        acceptedAt: inbox.acceptedAt[index] ?? Number.NaN,
        subject: mail.subject ?? '',
        messageId: mail.messageId,
        recipients: inbox.recipients[index] ?? [],
      }));
    },
    close: () => inbox.close(),
  };
}

export type FunctionsLog = {
  /** Executions the Functions emulator began / finished, by function name. */
  begun: Map<string, number>;
  finished: Map<string, number>;
  /** Durations the emulator reported in its "Finished … in N ms" lines. */
  durationsMs: number[];
  /** Most executions running at the same time (begun and not yet finished). */
  peakConcurrency: number;
  /** The function's own structured log lines, counted by message ("Mail delivered", …). */
  userMessages: Map<string, number>;
  close(): void;
};

type LogBundle = {
  message?: string;
  data?: { user?: { message?: unknown }; metadata?: { function?: { name?: unknown } } };
};

const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Follows the Logging emulator's websocket, which carries every line the emulators log and
 * replays what came before the connection. Each function execution is logged by the
 * Functions emulator itself as `Beginning execution of "<name>"` and `Finished "<name>" in
 * <ms>ms`: those are counted, not assumed.
 */
export async function watchFunctionsLog(url: string): Promise<FunctionsLog> {
  const log: FunctionsLog = {
    begun: new Map(),
    finished: new Map(),
    durationsMs: [],
    peakConcurrency: 0,
    userMessages: new Map(),
    close: () => undefined,
  };
  const socket = new WebSocket(url);
  let running = 0;
  socket.addEventListener('message', (event) => {
    const bundle = parseBundle(event.data);
    if (bundle) running = countLogLine(log, bundle, running);
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => {
      resolve();
    });
    socket.addEventListener('error', () => {
      reject(new Error(`cannot connect to the Logging emulator at ${url}`));
    });
  });
  log.close = () => {
    socket.close();
  };
  return log;
}

/** One message of the log stream; undefined when it is not a JSON text. */
function parseBundle(data: unknown): LogBundle | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data) as LogBundle;
  } catch {
    return undefined;
  }
}

/** Counts a function's log line into `log`; returns how many executions run after it. */
function countLogLine(log: FunctionsLog, bundle: LogBundle, running: number): number {
  const name = bundle.data?.metadata?.function?.name;
  const userMessage = bundle.data?.user?.message;
  if (typeof name !== 'string') return running;
  if (typeof userMessage === 'string') {
    increment(log.userMessages, userMessage);
    return running;
  }
  return countExecution(log, name, bundle.message ?? '', running);
}

/** Counts the Functions emulator's own line on an execution of `name` beginning or finishing. */
function countExecution(log: FunctionsLog, name: string, message: string, running: number): number {
  if (message === `Beginning execution of "${name}"`) {
    increment(log.begun, name);
    log.peakConcurrency = Math.max(log.peakConcurrency, running + 1);
    return running + 1;
  }
  if (message.startsWith(`Finished "${name}" in `)) {
    increment(log.finished, name);
    const ms = Number(/ in ([\d.]+)ms$/.exec(message)?.[1]);
    if (Number.isFinite(ms)) log.durationsMs.push(ms);
    return running - 1;
  }
  return running;
}

export type MailSnapshot = {
  id: string;
  createTimeMs: number;
  subject: string;
  state: string | undefined;
  error: string | undefined;
  attempts: number | undefined;
  endTimeMs: number | undefined;
  messageId: string | undefined;
};

type RestValue = {
  stringValue?: string;
  integerValue?: string;
  timestampValue?: string;
  mapValue?: { fields?: Record<string, RestValue> };
};
type RestDocument = { name: string; createTime: string; fields?: Record<string, RestValue> };

/** Every document of a collection, read through the Firestore emulator's REST API as owner. */
export async function listMail(
  firestoreHost: string,
  projectId: string,
  collection: string = collections.mail,
): Promise<MailSnapshot[]> {
  const base = `http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents/${collection}`;
  const found: MailSnapshot[] = [];
  let pageToken = '';
  do {
    const url = `${base}?pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
    const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
    if (!response.ok) throw new Error(`listing ${collection}: HTTP ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { documents?: RestDocument[]; nextPageToken?: string };
    found.push(...(page.documents ?? []).map(mailSnapshot));
    pageToken = page.nextPageToken ?? '';
  } while (pageToken);
  return found;
}

/** A Mail document, from the REST API's form of it. */
function mailSnapshot(document: RestDocument): MailSnapshot {
  const fields = document.fields ?? {};
  return {
    id: document.name.slice(document.name.lastIndexOf('/') + 1),
    createTimeMs: Date.parse(document.createTime),
    subject: fields.subject?.stringValue ?? '',
    ...deliveryOf(fields.delivery?.mapValue?.fields ?? {}),
  };
}

/** What the document's `delivery` map says of its delivery. */
function deliveryOf(delivery: Record<string, RestValue>) {
  const endTime = delivery.endTime?.timestampValue;
  const attempts = delivery.attempts?.integerValue;
  return {
    state: delivery.state?.stringValue,
    error: delivery.error?.stringValue,
    attempts: attempts === undefined ? undefined : Number(attempts),
    endTimeMs: endTime === undefined ? undefined : Date.parse(endTime),
    messageId: delivery.info?.mapValue?.fields?.messageId?.stringValue,
  };
}

/** The nearest-rank percentile (0–100) of the values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}
