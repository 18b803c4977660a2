// `npm run notice -- set|clear|show --project <id> …`: the known-problem notice the site shows
// on Contact Us, the help centre's home and the article it names (usage: scripts/lib/notice.ts,
// docs/operating.md, "Telling anglers of a known problem"). `set` checks the notice, prints it as visitors
// will see it and asks before it writes (`--yes` does not ask); `clear` prints the notice it
// takes down and asks; `show` prints the notice set now. Uses your Google Cloud credentials
// (`gcloud auth application-default login`); with FIRESTORE_EMULATOR_HOST set it works on the
// emulator instead. Exit code: 0 done (or nothing to do), 1 the operator said no or a write
// failed, 2 wrong arguments, a notice that may not be set, or no terminal to ask on.
// `--no-build` uses functions/lib as it is built (the emulator tests).
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type * as StoreModule from '../functions/src/site-notice/store.ts';
import { ArgsError, askThenWrite, builtFunctionsModule } from './lib/operator-command.ts';
import { loadFunctionsSource } from './lib/functions-source.ts';
import type { NoticeCommand } from './lib/notice.ts';

// The notice's contract is the functions' source (functions/src/contracts/site-notice.ts).
loadFunctionsSource();
const { describeNotice, noticeRules, noticeUsage, parseNoticeArgs } = await import('./lib/notice.ts');

const build = !process.argv.includes('--no-build');
const argv = process.argv.slice(2).filter((arg) => arg !== '--no-build');
if (argv.includes('--help') && argv.length === 1) {
  console.log(noticeUsage);
  process.exit(0);
}
const nowMs = Date.now();
let command: NoticeCommand;
try {
  command = parseNoticeArgs(argv, nowMs);
} catch (error) {
  if (!(error instanceof ArgsError)) throw error;
  console.error(`✖ ${error.message}\n${noticeUsage}`);
  process.exit(2);
}

const { changeNotice, changeProblems, clearNotice, noticeProblems, readCurrent, setNotice } =
  await builtFunctionsModule<typeof StoreModule>(build, 'site-notice', 'store.js');

/** Says what may not be done and why; exit code 2. */
function refuse(what: string, problems: string[]): void {
  console.error(`✖ ${what}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exitCode = 2;
}

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
console.log(emulator ? `Firestore emulator at ${emulator} (project ${command.project})` : `Project ${command.project}`);
const app = initializeApp({ projectId: command.project }, 'site-notice');
try {
  const db = getFirestore(app);
  const current = await readCurrent(db);
  if (command.action === 'show') {
    console.log(current ? `The notice set now (${current.id}):\n${describeNotice(current)}` : 'No notice is set.');
    process.exitCode = 0;
  } else if (command.action === 'clear') {
    if (!current) {
      console.log('No notice is set: nothing to clear.');
      process.exitCode = 0;
    } else {
      console.log(
        `The notice set now (${current.id}), which visitors stop seeing within a minute:\n${describeNotice(current)}`,
      );
      await askThenWrite(command.yes, 'Clear it?', async () => {
        await clearNotice(db, Date.now());
        console.log('✔ Cleared.');
      });
    }
  } else if ('change' in command) {
    const { change } = command;
    const problems = changeProblems(change, current, nowMs, noticeRules);
    if (problems.length > 0 || !current) refuse(`This notice may not be changed (${command.action})`, problems);
    else {
      const at = new Date(nowMs).toISOString();
      console.log(describeNotice({ ...current, ...change, updates: [...current.updates, { at, ...change }] }));
      await askThenWrite(command.yes, command.action === 'resolve' ? 'Resolve it?' : 'Update it?', async () => {
        const changed = await changeNotice(db, change, Date.now());
        console.log(`✔ ${changed.state === 'resolved' ? 'Resolved' : 'Updated'} (${changed.id}).`);
      });
    }
  } else {
    const problems = noticeProblems(command.input, nowMs, noticeRules);
    if (problems.length > 0) refuse('This notice may not be set', problems);
    else {
      if (current)
        console.log(`It takes the place of the notice set now (${current.id}):\n${describeNotice(current)}\n`);
      const { text, untilMs, help, articles } = command.input;
      const until = untilMs === null ? null : new Date(untilMs).toISOString();
      const state = command.input.state ?? 'investigating';
      const since = new Date(nowMs).toISOString();
      console.log(
        describeNotice({
          text,
          since,
          until,
          help,
          state,
          updates: [{ at: since, state, text }],
          ...(articles ? { articles } : {}),
        }),
      );
      await askThenWrite(command.yes, 'Set it?', async () => {
        const notice = await setNotice(db, command.input, Date.now());
        console.log(`✔ Set (${notice.id}).`);
      });
    }
  }
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
