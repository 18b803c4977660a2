// `npm run mail:resend -- --project <id> <record> [--yes]`: lets a site email that ended unsent
// (the weekly help report given up: an alert names its record, `MailSweep/help-report-<Monday>#email`)
// be sent again by the next run that sends it (functions/src/email/send-once.ts, resendOnce):
// its record waits once more, its attempts and silences forgotten. Asks first (`--yes` does not).
// Uses your Google Cloud credentials; with FIRESTORE_EMULATOR_HOST set it works on the emulator.
// Exit code: 0 done, 1 the operator said no, 2 wrong arguments or no terminal to ask on.
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type * as SendOnceModule from '../functions/src/email/send-once.ts';
import { builtFunctionsModule, askThenWrite } from './lib/operator-command.ts';

const usage = 'npm run mail:resend -- --project <id> <document path>#<field> [--yes]';
const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { project: { type: 'string' }, yes: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [path = '', field = ''] = (positionals[0] ?? '').split('#');
if (!values.project || positionals.length !== 1 || path.split('/').length % 2 !== 0 || !field) {
  console.error(`✖ Give the project and the record an alert names.\n${usage}`);
  process.exit(2);
}
const { resendOnce } = await builtFunctionsModule<typeof SendOnceModule>(true, 'email', 'send-once.js');
const app = initializeApp({ projectId: values.project }, 'mail-resend');
try {
  await askThenWrite(values.yes, `Let ${path}#${field} be sent again?`, async () => {
    const was = await resendOnce({ ref: getFirestore(app).doc(path), field });
    console.log(`${path}#${field} was ${was ?? 'not ended'}; it waits again, and the next run sends it.`);
  });
} finally {
  await deleteApp(app);
}
