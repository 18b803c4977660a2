// What the site asks of the Firestore rules, as checks run against the Firestore emulator:
// the contact form's message may be created, no hostile variant of it may, and nobody (a
// visitor, or any member of the app however signed in) may read, change or delete a contact
// message or touch any document of a collection the functions own. Firestore rules add up:
// every `allow` that matches a request grants it, so rules are judged by what they let
// through, never by their text. tests/emulators/rules.test.ts runs the hostile writes against
// firestore.rules; `npm run rules:check` and `npm run deploy` run every check against any
// rules file (scripts/lib/rules-emulator.ts), the app's merged with the site's included.
// The checks themselves are scripts/lib/rules-check-list.ts, the messages they write
// scripts/lib/rules-check-messages.ts; this is their runner.
//
// The functions' collection names are imported from functions/src. Under plain Node that
// source needs scripts/lib/functions-source.ts registered before these modules are loaded.
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, setLogLevel, Timestamp, writeBatch, type Firestore } from 'firebase/firestore';
import { collections } from '../../functions/src/contracts/collections.ts';
import { answerSignal } from './help-signals.ts';
import {
  functionsCollections,
  mailDocument,
  pathOf,
  rulesChecks,
  type CheckTopic,
  type Identity,
  type RulesCheck,
} from './rules-check-list.ts';
import { contactMessage, messageAddress, seededId, seededNotices } from './rules-check-messages.ts';
import { allowStatements, withoutStatement, type AllowStatement } from './rules-text.ts';

export type { CheckTopic } from './rules-check-list.ts';

/** A check the rules failed, and the statement whose removal made it pass, where one did. */
export type CheckFailure = {
  check: string;
  topic: CheckTopic;
  expect: RulesCheck['expect'];
  /** What the emulator said (for a refused message), or that the attempt went through. */
  detail: string;
  /** For a check that something is refused: whether every statement was tried for it. */
  traced: boolean;
  /** The one statement that allows it; undefined when no single removal made it pass. */
  allowedBy?: AllowStatement;
};

export type RulesReport = {
  /** How many checks ran. */
  checks: number;
  failures: CheckFailure[];
  /** Set when the emulator refused the rules themselves (a syntax or type error). */
  compileError?: string;
  /** The allow statements tried one by one to name what let a check through. */
  statementsTried: number;
  /** How many checks tracing runs again at most, over all statements removed. */
  traceBudget: number;
};

/** Where the checks run: a Firestore emulator and a project id of their own in it. */
export type RulesTarget = { host: string; port: number; projectId: string };

/**
 * How many checks tracing runs again at most (each statement removed costs a run of the failing
 * checks not yet traced; about 10 ms each): what is left then is listed without a statement.
 */
const traceBudget = 2000;
/** The order failures are traced in, so the most telling are traced within the budget. */
const topicOrder: CheckTopic[] = ['everyone', 'mail', 'functions', 'hostile', 'hostile-signal', 'message', 'signal'];

/** Runs of `runRulesChecks` now underway (the tests run several at once, one project each). */
let runsUnderway = 0;

/** Loads `rules` for the target's project; the emulator's message when it cannot compile them. */
async function loadRules(target: RulesTarget, rules: string): Promise<string | undefined> {
  const response = await fetch(
    `http://${target.host}:${String(target.port)}/emulator/v1/projects/${target.projectId}:securityRules`,
    { method: 'PUT', body: JSON.stringify({ rules: { files: [{ content: rules }] } }) },
  );
  if (response.ok) return undefined;
  const body = await response.text();
  try {
    return (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body;
  } catch {
    return body;
  }
}

/**
 * A context's Firestore as the modular API takes it: rules-unit-testing types it as the compat
 * Firestore, whose instance the modular functions accept (they unwrap it).
 */
const firestoreOf = (context: RulesTestContext) => context.firestore() as unknown as Firestore;

/** Puts the documents the checks reach in place, with a client the rules do not apply to. */
async function seed(admin: Firestore): Promise<void> {
  const batch = writeBatch(admin);
  batch.set(mailDocument(admin), { ...contactMessage(), createdAt: Timestamp.now(), delivery: { state: 'SUCCESS' } });
  for (const { document } of functionsCollections) {
    batch.set(doc(admin, pathOf(document)), { email: messageAddress, uid: seededId, createdAt: Timestamp.now() });
  }
  for (const [id, notice] of Object.entries(seededNotices(Date.now()))) {
    batch.set(doc(admin, collections.siteNotices, id), notice);
  }
  batch.set(doc(admin, collections.helpSignals, seededId), { ...answerSignal(), createdAt: Timestamp.now() });
  await batch.commit();
}

/** Whether an attempt failed because the rules refused it. */
function refusedByRules(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'permission-denied' || (error instanceof Error && /PERMISSION_DENIED/i.test(error.message));
}

/** An error's first line, for a refusal. */
const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : JSON.stringify(error)).split('\n')[0] ?? '';

/** Runs one check; what went wrong, or undefined when the rules did as the site needs. */
async function runCheck(check: RulesCheck, db: (who: Identity) => Firestore): Promise<string | undefined> {
  let failure: unknown;
  try {
    await check.attempt(db);
  } catch (error) {
    failure = error;
  }
  const refused = failure !== undefined && refusedByRules(failure);
  if (check.expect === 'allowed') {
    if (failure === undefined) return undefined;
    return refused ? 'the rules refused it' : `it failed: ${firstLine(failure)}`;
  }
  if (refused) return undefined;
  // Any other error came after the rules let the request in (a missing document, say).
  return failure === undefined ? 'the rules let it through' : `the rules let it through (then: ${firstLine(failure)})`;
}

/** The checks that failed, each with what went wrong. */
type Failed = Array<[RulesCheck, string]>;
/** Runs checks one after another on freshly seeded documents; those that fail. */
type RunChecks = (candidates: RulesCheck[]) => Promise<Failed>;

/** The client of each identity, made the first time it is asked for. */
function clientsOf(env: RulesTestEnvironment): (who: Identity) => Firestore {
  const clients = new Map<Identity, Firestore>();
  return (who) => {
    let client = clients.get(who);
    if (!client) {
      const context =
        who.uid === undefined ? env.unauthenticatedContext() : env.authenticatedContext(who.uid, who.token);
      client = firestoreOf(context);
      clients.set(who, client);
    }
    return client;
  };
}

/** The checks that fail, run one after another on freshly seeded documents. */
function checkRunner(env: RulesTestEnvironment, admin: Firestore): RunChecks {
  const db = clientsOf(env);
  return async (candidates) => {
    await env.clearFirestore();
    await seed(admin);
    const failed: Failed = [];
    for (const check of candidates) {
      const detail = await runCheck(check, db);
      if (detail === undefined) continue;
      failed.push([check, detail]);
      // A write that went through may have changed what the next check finds.
      if (check.changesSeeded) await seed(admin);
    }
    return failed;
  };
}

/** What tracing found: the statement that allows each check it named, and what it left. */
type Trace = {
  allowedBy: Map<RulesCheck, AllowStatement>;
  /** Checks left untraced when the budget ran out. */
  dropped: Set<RulesCheck>;
  statementsTried: number;
};

/**
 * Names the statement that lets each failed check that something is refused through: each
 * statement is removed in turn, the rules loaded again and the checks not yet named run again.
 */
async function trace(rules: string, target: RulesTarget, failed: Failed, failing: RunChecks): Promise<Trace> {
  const toTrace = failed
    .map(([check]) => check)
    .filter((check) => check.expect === 'refused')
    .toSorted((a, b) => topicOrder.indexOf(a.topic) - topicOrder.indexOf(b.topic));
  const allowedBy = new Map<RulesCheck, AllowStatement>();
  const dropped = new Set<RulesCheck>();
  let budget = traceBudget;
  let statementsTried = 0;
  for (const statement of toTrace.length > 0 ? allowStatements(rules) : []) {
    const untraced = toTrace.filter((check) => !allowedBy.has(check) && !dropped.has(check));
    for (const check of untraced.splice(budget)) dropped.add(check);
    if (untraced.length === 0) break;
    budget -= untraced.length;
    statementsTried++;
    // A removal that leaves rules the emulator cannot compile tells nothing.
    if ((await loadRules(target, withoutStatement(rules, statement))) !== undefined) continue;
    const stillFailing = new Set((await failing(untraced)).map(([check]) => check));
    for (const check of untraced) if (!stillFailing.has(check)) allowedBy.set(check, statement);
  }
  return { allowedBy, dropped, statementsTried };
}

/** The failed checks as the report lists them, with the statement tracing named for each. */
function failuresOf(failed: Failed, { allowedBy, dropped }: Trace): CheckFailure[] {
  return failed.map(([check, detail]): CheckFailure => {
    const statement = allowedBy.get(check);
    return {
      check: check.name,
      topic: check.topic,
      expect: check.expect,
      detail,
      traced: check.expect === 'refused' && !dropped.has(check),
      ...(statement ? { allowedBy: statement } : {}),
    };
  });
}

/**
 * Runs every check against `rules` in the target's emulator project, then names, for each
 * check that something is refused which the rules let through, the `allow` statement that
 * grants it: each statement is removed in turn, the rules loaded again and the failing checks
 * run again; the statement whose removal makes a check pass is the one that let it through.
 */
export async function runRulesChecks(rules: string, target: RulesTarget): Promise<RulesReport> {
  const checks = rulesChecks();
  const compileError = await loadRules(target, rules);
  if (compileError !== undefined) return { checks: 0, failures: [], compileError, statementsTried: 0, traceBudget };
  const env = await initializeTestEnvironment({
    projectId: target.projectId,
    firestore: { host: target.host, port: target.port, rules },
  });
  // Every refused attempt is logged by the Firestore client as an error: hundreds a run. The
  // SDK's own level comes back when the last run at the same time ends.
  if (runsUnderway++ === 0) setLogLevel('silent');
  let report: RulesReport | undefined;
  try {
    // One client past the rules for the whole run (a context of its own for each seeding
    // would cost a Firebase app each time).
    await env.withSecurityRulesDisabled(async (adminContext) => {
      const failing = checkRunner(env, firestoreOf(adminContext));
      const failed = await failing(checks);
      const traced = await trace(rules, target, failed, failing);
      const failures = failuresOf(failed, traced);
      report = { checks: checks.length, failures, statementsTried: traced.statementsTried, traceBudget };
    });
  } finally {
    // Nothing left behind in the emulator (the tests' emulator serves other suites too).
    await env.clearFirestore();
    await env.cleanup();
    if (--runsUnderway === 0) setLogLevel('info');
  }
  if (!report) throw new Error('the rules checks did not run');
  return report;
}
