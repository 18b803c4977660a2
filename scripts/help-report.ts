// `npm run help:report -- --project <id> [--since 7d] [--html]`: prints the help centre's report
// of the last week (or of --since), as the team's weekly email has it: the searches that found
// nothing, the articles answered No with the reasons, the articles read before writing anyway
// and the messages per topic, each line linking the live site. Reads only. Uses your Google
// Cloud credentials (`gcloud auth application-default login`); with FIRESTORE_EMULATOR_HOST set
// it reads the emulator instead. Exit code: 0 printed, 1 the reading failed, 2 wrong arguments.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { ArgsError } from './lib/operator-command.ts';
import { loadFunctionsSource } from './lib/functions-source.ts';

// The report is the functions' source (functions/src/help-report/).
loadFunctionsSource();
const [{ helpSignalLimits }, { readHelpReport }, { renderHelpReport }, { reportLinks }, { hourMs, hourOf }, cli] =
  await Promise.all([
    import('../functions/src/contracts/help-signal.ts'),
    import('../functions/src/help-report/read-report.ts'),
    import('../functions/src/help-report/render-report.ts'),
    import('../functions/src/help-report/site-facts.ts'),
    import('../functions/src/help-report/summary.ts'),
    import('./lib/help-report.ts'),
  ]);

const argv = process.argv.slice(2);
if (argv.includes('--help')) {
  console.log(cli.helpReportUsage);
  process.exit(0);
}
let command;
try {
  command = cli.parseHelpReportArgs(argv, helpSignalLimits.keepDays);
} catch (error) {
  if (!(error instanceof ArgsError)) throw error;
  console.error(`✖ ${error.message}\n${cli.helpReportUsage}`);
  process.exit(2);
}

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
console.error(
  emulator ? `Firestore emulator at ${emulator} (project ${command.project})` : `Project ${command.project}`,
);
const app = initializeApp({ projectId: command.project }, 'help-report');
try {
  const db = getFirestore(app);
  // Whole hours, as the report reads them, up to the end of this one.
  const toMs = hourOf(Date.now()) + hourMs;
  const fromMs = toMs - Math.ceil(command.sinceMs / hourMs) * hourMs;
  const facts = cli.helpSiteFacts();
  const email = renderHelpReport(await readHelpReport(db, fromMs, toMs, facts), reportLinks(facts));
  console.log(command.html ? email.html : `${email.subject}\n\n${email.text}`);
} catch (error) {
  console.error(`✖ The report could not be read: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
