// What `npm run bench:mail` observes: the SMTP server the functions send to, the Functions
// emulator's own log stream (through the Logging emulator) and the Mail documents (read
// with the emulator's owner token, past the rules).
import { createWriteStream } from 'node:fs';
import { busyPorts, firebaseBin, ports } from './emulators.ts';
import { emulatorConfigArgs } from './firebase-config.ts';
import { run } from './processes.ts';
import { projectId, root } from './project.ts';
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
    if (typeof event.data !== 'string') return;
    let bundle: LogBundle;
    try {
      bundle = JSON.parse(event.data) as LogBundle;
    } catch {
      return;
    }
    const name = bundle.data?.metadata?.function?.name;
    if (typeof name !== 'string') return;
    const message = bundle.message ?? '';
    const userMessage = bundle.data?.user?.message;
    if (typeof userMessage === 'string') {
      increment(log.userMessages, userMessage);
    } else if (message === `Beginning execution of "${name}"`) {
      increment(log.begun, name);
      running += 1;
      log.peakConcurrency = Math.max(log.peakConcurrency, running);
    } else if (message.startsWith(`Finished "${name}" in `)) {
      increment(log.finished, name);
      running -= 1;
      const ms = Number(/ in ([\d.]+)ms$/.exec(message)?.[1]);
      if (Number.isFinite(ms)) log.durationsMs.push(ms);
    }
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
    for (const document of page.documents ?? []) {
      const fields = document.fields ?? {};
      const delivery = fields.delivery?.mapValue?.fields ?? {};
      const endTime = delivery.endTime?.timestampValue;
      const attempts = delivery.attempts?.integerValue;
      found.push({
        id: document.name.slice(document.name.lastIndexOf('/') + 1),
        createTimeMs: Date.parse(document.createTime),
        subject: fields.subject?.stringValue ?? '',
        state: delivery.state?.stringValue,
        error: delivery.error?.stringValue,
        attempts: attempts === undefined ? undefined : Number(attempts),
        endTimeMs: endTime === undefined ? undefined : Date.parse(endTime),
        messageId: delivery.info?.mapValue?.fields?.messageId?.stringValue,
      });
    }
    pageToken = page.nextPageToken ?? '';
  } while (pageToken);
  return found;
}

/** The nearest-rank percentile (0–100) of the values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

/**
 * The outside of a benchmark that calls the built functions itself: checks the ports, builds
 * the functions, then runs `script` (a file in scripts/, with `--inside` and `args`) under
 * `firebase emulators:exec --only firestore`, and exits with its code.
 */
export async function runInsideFirestoreEmulator(script: string, args: readonly string[]): Promise<never> {
  const busy = await busyPorts({ firestore: ports.firestore, hub: ports.hub, smtp: ports.smtp });
  if (busy.length > 0) {
    console.error(`✖ Cannot run the benchmark: already in use: ${busy.join(', ')}. Stop 'npm start' first.`);
    process.exit(1);
  }
  console.log('• Building the functions…');
  if ((await run('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: root })) !== 0) process.exit(1);
  const command = [`'${process.execPath}'`, `scripts/${script}`, '--inside', ...args].join(' ');
  const code = await run(
    firebaseBin,
    ['emulators:exec', ...emulatorConfigArgs(), '--project', projectId, '--only', 'firestore', command],
    { cwd: root },
  );
  process.exit(code);
}

/** Inside a benchmark: our lines go to the terminal, the functions' own log lines to `file`. */
export function quietFunctionsLog(file: string): (line?: string) => void {
  const log = createWriteStream(file);
  const write = (...parts: unknown[]) => {
    log.write(`${parts.map(String).join(' ')}\n`);
  };
  console.log = console.info = console.warn = console.error = console.debug = write;
  return (line = '') => {
    process.stdout.write(`${line}\n`);
  };
}
