// `npm run deploy -- --project <project-id> [--with-rules] [--allow-examples]`: builds and deploys Hosting, the
// TTL policies and the functions (codebase `support-site`, so the app's own functions in the
// same project are never touched) to a real Firebase project. Run `firebase login` first.
//
// The Firestore rules are deployed only with --with-rules: a project's rules are one file, so
// deploying this repository's firestore.rules replaces the app's rules and would cut the app
// off its own data. Use --with-rules for a project that holds no app data, or once the app's
// rules file holds the site's part (README, "Deploying into the app's project").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { supportMessageRetentionMonths } from '../web/src/config/constants.ts';
import { site } from '../web/src/config/site.ts';
import { firebaseBin } from './lib/emulators.ts';
import { exampleFacts, formatExampleFacts } from './lib/example-facts.ts';
import { readGreenRun } from '../web/build/accessibility-checks.ts';
import { execFileSync } from 'node:child_process';
import { root } from './lib/project.ts';
import { run } from './lib/processes.ts';

const index = process.argv.indexOf('--project');
const project = index >= 0 ? process.argv[index + 1] : undefined;
if (!project || project.startsWith('demo-')) {
  console.error('✖ Give the real project: npm run deploy -- --project <project-id>');
  process.exit(2);
}

// The support address lives in two places that cannot import each other: the site's
// configuration and the functions' parameters (the rules no longer carry it: the function
// sends every message to SUPPORT_EMAIL, whatever the document says).
const problems: string[] = [];
// The Account page and the email-action page talk to Auth with the build's web API key only
// (a key from a link is never used: a crafted link could point the page at another project).
const webEnv = join(root, 'web', '.env.production');
const buildApiKey =
  process.env.VITE_FIREBASE_API_KEY ??
  (existsSync(webEnv) ? /^VITE_FIREBASE_API_KEY=(.+)$/m.exec(readFileSync(webEnv, 'utf8'))?.[1]?.trim() : undefined);
if (!buildApiKey) {
  problems.push(
    "web/.env.production needs VITE_FIREBASE_API_KEY (Firebase console, Project settings, Your apps: the web app's apiKey)",
  );
}
const envFile = join(root, 'functions', `.env.${project}`);
if (existsSync(envFile)) {
  const env = readFileSync(envFile, 'utf8');
  const value = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(env)?.[1]?.replace(/^"|"$/g, '');
  const configured = value('SUPPORT_EMAIL');
  if (configured && configured !== site.supportEmail) {
    problems.push(`functions/.env.${project} has SUPPORT_EMAIL=${configured}, the site says ${site.supportEmail}`);
  }
  // The privacy policy states how long contact messages are kept; the expiry must say the same.
  const months = value('MAIL_RETENTION_MONTHS');
  if (months && Number(months) !== supportMessageRetentionMonths) {
    problems.push(
      `functions/.env.${project} has MAIL_RETENTION_MONTHS=${months}, the privacy policy says ${String(supportMessageRetentionMonths)} (web/src/config/constants.ts)`,
    );
  }
}
// Facts still holding an EXAMPLE value (scripts/lib/example-facts.ts). The public site would
// show a made-up operator, VAT number, registered office and PEC, which Italian law asks to
// be true, and the account clean-up and copy would read made-up data paths: so the deploy
// refuses while any is left. `--allow-examples` deploys anyway, for a test project nobody
// else visits.
const examples = exampleFacts();
if (examples.length > 0) {
  const allowed = process.argv.includes('--allow-examples');
  const say = allowed ? console.warn : console.error;
  say(
    `${allowed ? '⚠' : '✖'} ${String(examples.length)} facts still hold EXAMPLE values; replace them (and remove the marker) before the public site goes out:\n${formatExampleFacts(examples)}`,
  );
  if (!allowed) problems.push('EXAMPLE values left (listed above); pass --allow-examples only for a test project');
}
// The accessibility statement states the last full green run of npm test on this machine.
const greenRun = readGreenRun();
const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
if (greenRun?.commit !== head) {
  console.warn(
    greenRun
      ? `⚠ The last full green npm test here was of ${greenRun.commit.slice(0, 7)}, not of ${head.slice(0, 7)}: the accessibility statement will state that run. Run npm test first to state this one.`
      : '⚠ No full green npm test is recorded here: the accessibility statement will say the checks have no recorded run. Run npm test first.',
  );
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}

const withRules = process.argv.includes('--with-rules');
const targets = ['hosting', 'firestore:indexes', 'functions', ...(withRules ? ['firestore:rules'] : [])];
if (!withRules) {
  console.log(
    "• Firestore rules are left as they are (the app's). Merge the site's part of firestore.rules into them, or pass --with-rules for a project without app data.",
  );
}

process.exit(
  // firestore:indexes carries the TTL policy that deletes contact messages when they expire.
  await run(firebaseBin, ['deploy', '--project', project, '--only', targets.join(',')], {
    cwd: root,
    // The site's contact form writes to this project's Firestore (web/src/features/contact/api/firebase-config.ts);
    // Hosting's predeploy build reads it.
    env: { ...process.env, VITE_FIREBASE_PROJECT_ID: project },
  }),
);
