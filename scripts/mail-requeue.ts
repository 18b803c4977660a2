// `npm run mail:requeue -- --project <id> --since <date> [--until <date>] [--state ERROR]
// [--state SUCCESS] [--dry-run] [--yes]`: puts the contact messages written in a time range
// whose delivery ended (ERROR by default; SUCCESS on request, to send them again) back in the
// queue, where the scheduled sweep sends them in digests under the caps (docs/operating.md: "When mail
// is not reaching the team"). Prints the plan first and asks before writing (`--yes` does not
// ask; `--dry-run` only prints). Uses your Google Cloud credentials
// (`gcloud auth application-default login`); with FIRESTORE_EMULATOR_HOST set it works on
// the emulator instead. Exit code: 0 done (or nothing to do), 1 a write failed or the operator
// said no, 2 wrong arguments or no terminal to ask on. `--no-build` uses functions/lib as it
// is built (the emulator tests: a build there makes the Functions emulator reload its source,
// which turns the triggers a test has turned off back on).
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type * as RequeueModule from '../functions/src/contact-pipeline/requeue.ts';
import { describePlan, describeResult, parseRequeueArgs, requeueUsage, type RequeueArgs } from './lib/mail-requeue.ts';
import { ArgsError, builtFunctionsModule, askThenWrite } from './lib/operator-command.ts';

const build = !process.argv.includes('--no-build');
const argv = process.argv.slice(2).filter((arg) => arg !== '--no-build');
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(requeueUsage);
  process.exit(0);
}
let args: RequeueArgs;
try {
  args = parseRequeueArgs(argv, Date.now());
} catch (error) {
  if (!(error instanceof ArgsError)) throw error;
  console.error(`✖ ${error.message}\n${requeueUsage}`);
  process.exit(2);
}

const { applyRequeue, planRequeue } = await builtFunctionsModule<typeof RequeueModule>(
  build,
  'contact-pipeline',
  'requeue.js',
);

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
const where = emulator ? `Firestore emulator at ${emulator} (project ${args.project})` : `Project ${args.project}`;
const app = initializeApp({ projectId: args.project }, 'mail-requeue');
try {
  const db = getFirestore(app);
  const plan = await planRequeue(db, { sinceMs: args.sinceMs, untilMs: args.untilMs, states: args.states });
  const total = plan.summary.messages;
  console.log(describePlan(plan, where));
  if (total === 0) {
    process.exitCode = 0;
  } else if (args.dryRun) {
    console.log('Dry run: nothing written.');
    process.exitCode = 0;
  } else {
    await askThenWrite(args.yes, `Requeue ${total.toLocaleString('en')} messages?`, () => requeue(db, plan), {
      noTerminal: '✖ No terminal to ask on: run again with --yes to requeue them, or --dry-run to only look.',
      nothing: 'Nothing requeued.',
    });
  }
} finally {
  await deleteApp(app);
}

/** Writes the plan and says what came of it. */
async function requeue(db: Firestore, plan: Awaited<ReturnType<typeof planRequeue>>): Promise<void> {
  const result = await applyRequeue(db, plan, Date.now());
  console.log(describeResult(result));
  if (result.failedIds.length > 0) {
    const more = result.failedIds.length > 20 ? ` and ${String(result.failedIds.length - 20)} more` : '';
    console.error(`✖ Failed: Mail/${result.failedIds.slice(0, 20).join(', Mail/')}${more}`);
  }
  process.exitCode = result.failed > 0 ? 1 : 0;
}
