// `npm run build:emulators`: everything firebase-tools' own command needs to run the local
// system from the repository root, then says how:
//
//   npx firebase emulators:start --config firebase.emulators.json
//
// - the functions and the site built for the emulators (the contact form writes to the
//   Firestore emulator);
// - firebase.emulators.json, the emulators' copy of firebase.json (scripts/lib/firebase-config.ts:
//   production's policy plus the emulator's origin, without upgrade-insecure-requests), with
//   the Emulator UI off where it cannot be downloaded (emulators:start would abort);
// - functions/.secret.local, local stand-ins for the SMTP secrets (password and OAuth2);
// - a Firestore emulator where firebase-tools looks for it, when it cannot be downloaded.
// The project id comes from .firebaserc (the demo project). `npm start` does all of this
// itself and adds the inbox; this is for developers who drive firebase-tools directly.
import {
  buildForEmulators,
  cacheFirestoreEmulator,
  emulatorUiAvailable,
  ensureLocalSecrets,
  ports,
} from './lib/emulators.ts';
import { emulatorConfigFile, writeEmulatorConfig } from './lib/firebase-config.ts';

ensureLocalSecrets();
console.log('• Building the functions and the site for the emulators…');
if (!(await buildForEmulators())) process.exit(1);
const ui = await emulatorUiAvailable();
writeEmulatorConfig(undefined, { ui });
console.log(`• Wrote ${emulatorConfigFile}${ui ? '' : ' with the Emulator UI off (it could not be downloaded)'}.`);
console.log(`• ${cacheFirestoreEmulator()}.`);
console.log(`
✔ Ready. From the repository root (Node.js 22 and Java 21+ on PATH):

  npx firebase emulators:start --config ${emulatorConfigFile}

  and, beside it, the inbox the functions send to:

  npx maildev --ip 127.0.0.1 --web-ip 127.0.0.1 --smtp ${String(ports.smtp)} --web ${String(ports.inbox)}
`);
