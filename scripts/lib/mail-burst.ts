// What `npm run bench:mail` makes of a burst once it has ended: each document's emails (found
// by the token in their subject), how its delivery ended, and the table it prints of them.
import { percentile, type Arrival, type FunctionsLog, type MailSnapshot } from './mail-bench.ts';

/** The function that delivers the contact form's messages. */
export const mailFunction = 'sendContactMail';

/** The burst as written. */
export type Burst = {
  /** Documents asked for. */
  count: number;
  /** Each document written: its id → its token. */
  written: Map<string, string>;
  /** Writes refused, by reason. */
  writeErrors: Map<string, number>;
  /** When the first write began (Date.now()), and how long the writes took. */
  startedAt: number;
  ms: number;
  /** Finds a token of this run in an email's subject. */
  tokenPattern: RegExp;
};

/** How the burst's documents ended, by what reached the inbox and what the documents hold. */
export type Outcome = {
  delivered: number;
  duplicates: number;
  duplicated: number;
  idsMatching: number;
  errorButSent: number;
  /** ERROR without an email, by reason. */
  errors: Map<string, number>;
  /** No email and no ERROR, by state. */
  lost: Map<string, number>;
  states: Map<string, number>;
  /** Create → SMTP 250, and create → delivery.endTime, in ms. */
  latencies: number[];
  recorded: number[];
  /** Emails without a token of this run, and emails not to the support address alone. */
  stray: number;
  misaddressed: number;
};

/** How the wait for the deliveries ended. */
export type Wait = { timedOut: boolean; timeoutSeconds: number };

export const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const ofMail = (map: Map<string, number>) =>
  [...map].filter(([name]) => name.endsWith(mailFunction)).reduce((a, [, n]) => a + n, 0);

/** The emails of each token of this run, and how many had none. */
function arrivalsByToken(arrivals: Arrival[], tokenPattern: RegExp) {
  const byToken = new Map<string, Arrival[]>();
  let stray = 0;
  for (const arrival of arrivals) {
    const token = tokenPattern.exec(arrival.subject)?.[1];
    if (!token) stray += 1;
    else byToken.set(token, [...(byToken.get(token) ?? []), arrival]);
  }
  return { byToken, stray };
}

/** Each written document's end: its emails against its delivery record. */
export function tallyBurst(burst: Burst, mine: MailSnapshot[], arrivals: Arrival[], supportEmail: string): Outcome {
  const { byToken, stray } = arrivalsByToken(arrivals, burst.tokenPattern);
  const misaddressed = arrivals.filter(
    ({ recipients }) => recipients.length !== 1 || recipients[0] !== supportEmail,
  ).length;
  const outcome: Outcome = {
    delivered: 0,
    duplicates: 0,
    duplicated: 0,
    idsMatching: 0,
    errorButSent: 0,
    errors: new Map(),
    lost: new Map(),
    states: new Map(),
    latencies: [],
    recorded: [],
    stray,
    misaddressed,
  };
  const snapshots = new Map(mine.map((snapshot) => [snapshot.id, snapshot]));
  for (const [id, token] of burst.written) {
    tallyDocument(outcome, snapshots.get(id), byToken.get(token) ?? []);
  }
  return outcome;
}

/** Counts one document into `outcome`. */
function tallyDocument(outcome: Outcome, snapshot: MailSnapshot | undefined, emails: Arrival[]): void {
  const state = snapshot?.state ?? 'no delivery';
  increment(outcome.states, state);
  const [first] = emails;
  if (first) tallyDelivered(outcome, snapshot, emails, first);
  else if (state === 'ERROR') increment(outcome.errors, snapshot?.error ?? 'no reason recorded');
  else increment(outcome.lost, state);
  if (snapshot?.state === 'SUCCESS' && snapshot.endTimeMs !== undefined) {
    outcome.recorded.push(snapshot.endTimeMs - snapshot.createTimeMs);
  }
}

/** Counts a document that reached the inbox (`first` the first of its `emails`). */
function tallyDelivered(outcome: Outcome, snapshot: MailSnapshot | undefined, emails: Arrival[], first: Arrival) {
  outcome.delivered += 1;
  if (emails.length > 1) {
    [outcome.duplicated, outcome.duplicates] = [outcome.duplicated + 1, outcome.duplicates + emails.length - 1];
  }
  if (snapshot) outcome.latencies.push(first.acceptedAt - snapshot.createTimeMs);
  if (snapshot?.messageId !== undefined && snapshot.messageId === first.messageId) outcome.idsMatching += 1;
  if (snapshot?.state === 'ERROR') outcome.errorButSent += 1;
}

/** Counts by what, the largest first: `3 SUCCESS · 1 ERROR`. */
const list = (map: Map<string, number>) =>
  [...map]
    .sort(([, a], [, b]) => b - a)
    .map(([what, n]) => `${n} ${what}`)
    .join(' · ');
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
const spread = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))} · p95 ${ms(percentile(values, 95))} · max ${ms(percentile(values, 100))}`;

/** The printed table: what became of the documents, the function's invocations, the times. */
export function burstRows(burst: Burst, outcome: Outcome, log: FunctionsLog, arrivals: Arrival[]) {
  return [...documentRows(burst, outcome), ...invocationRows(outcome, log), ...timeRows(burst, outcome, log, arrivals)];
}

/** The table's last rows, when there is something more to say. */
export function remarkRows(outcome: Outcome, supportEmail: string, { timedOut, timeoutSeconds }: Wait) {
  const rows: Array<[string, string]> = [];
  if (outcome.stray > 0 || outcome.misaddressed > 0) {
    rows.push([
      'other emails',
      `${outcome.stray} without a token of this run; ${outcome.misaddressed} not to ${supportEmail} alone`,
    ]);
  }
  if (timedOut) rows.push(['time-out', `not everything had ended ${timeoutSeconds}s after the burst`]);
  return rows;
}

function documentRows(burst: Burst, outcome: Outcome): Array<[string, string]> {
  const { delivered, duplicates, duplicated, idsMatching, errorButSent, errors, lost } = outcome;
  const writeFailures = sum(burst.writeErrors);
  return [
    [
      'documents written',
      `${burst.written.size} of ${burst.count} in ${burst.ms} ms (client SDK through the rules)` +
        (writeFailures > 0 ? `; ${writeFailures} refused: ${list(burst.writeErrors)}` : ''),
    ],
    [
      'delivered',
      `${delivered} (emails with their token; Message-ID = delivery.info.messageId for ${idsMatching})` +
        (errorButSent > 0 ? `; ${errorButSent} of them recorded as ERROR` : ''),
    ],
    ['duplicates', duplicates === 0 ? '0' : `${duplicates} extra emails for ${duplicated} documents`],
    ['lost', sum(lost) === 0 ? '0' : `${sum(lost)} (no email, no ERROR): ${list(lost)}`],
    ['errors', errors.size === 0 ? '0' : `${sum(errors)}: ${list(errors)}`],
    ['delivery.state', list(outcome.states)],
  ];
}

function invocationRows({ delivered }: Outcome, log: FunctionsLog): Array<[string, string]> {
  const invocations = ofMail(log.begun);
  return [
    [
      'function invocations',
      `${invocations} ${mailFunction} (${ofMail(log.finished)} finished, at most ${log.peakConcurrency} at once) = ` +
        (delivered > 0 ? `${(invocations / delivered).toFixed(2)} per email` : '– per email') +
        (sum(log.begun) !== invocations ? `; ${sum(log.begun) - invocations} of other functions` : ''),
    ],
    ['function log', list(log.userMessages) || '–'],
  ];
}

function timeRows(burst: Burst, outcome: Outcome, log: FunctionsLog, arrivals: Arrival[]): Array<[string, string]> {
  const lastAccepted = Math.max(...arrivals.map(({ acceptedAt }) => acceptedAt));
  const spanSeconds = (lastAccepted - burst.startedAt) / 1000;
  return [
    ['create → SMTP 250', spread(outcome.latencies)],
    ['create → delivery.endTime', spread(outcome.recorded)],
    ['invocation duration', spread(log.durationsMs)],
    [
      'wall time',
      arrivals.length === 0
        ? '–'
        : `first write → last email ${spanSeconds.toFixed(1)} s = ${(outcome.delivered / spanSeconds).toFixed(1)} emails/s`,
    ],
  ];
}

/** The number of the function's invocations, as the log stream counted them. */
export const mailInvocations = (log: FunctionsLog) => ofMail(log.begun);
