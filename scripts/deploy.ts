// `npm run deploy -- --project <project-id> --site <site-id> [--with-rules] [--allow-examples]`:
// builds and deploys Hosting (to the named site), the TTL policies and the functions (codebase
// `support-site`, so the app's own functions in the same project are never touched) to a real
// Firebase project. Run `firebase login` first.
//
// The Firestore rules are deployed only with --with-rules: a project's rules are one file, so
// deploying this repository's firestore.rules replaces the app's rules and would cut the app
// off its own data. Use --with-rules for a project that holds no app data, or once the app's
// rules file holds the site's part (docs/operating.md, "Deploying into the app's project"). Before it
// changes anything, the deploy reads the project (scripts/lib/deploy-checks.ts): without
// --with-rules the live rules are loaded into a Firestore emulator of their own, offline, and
// must pass the site's rules checks (scripts/lib/rules-checks.ts, as `npm run rules:check`):
// the form's message created, no hostile one, no client reading or changing a message or the
// functions' data; no function of another codebase may have one of our names; the Hosting
// site must be named.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { retention } from '../web/src/config/retention.ts';
import { site } from '../web/src/config/site.ts';
import { firebaseBin } from './lib/emulators.ts';
import { exampleFacts, formatExampleFacts } from './lib/example-facts.ts';
import { readGreenRun } from '../web/build/accessibility-checks.ts';
import { execFileSync } from 'node:child_process';
import { functionsRegion } from '../functions/src/region.ts';
import {
  functionClashes,
  googleApis,
  hostingSite,
  liveFirestoreRules,
  ourFunctionNames,
  rulesRefusal,
  serviceWorkerCacheRefusal,
  type Refusal,
} from './lib/deploy-checks.ts';
import { deployFirebaseJson, readFirebaseJson } from './lib/firebase-config.ts';
import { serviceWorkerPath } from '../web/src/features/help/copy/help-copy-terms.ts';
import { root } from './lib/project.ts';
import { run } from './lib/processes.ts';
import { checkRulesOffline } from './lib/rules-emulator.ts';

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
  if (months && Number(months) !== retention.supportMonths) {
    problems.push(
      `functions/.env.${project} has MAIL_RETENTION_MONTHS=${months}, the privacy policy says ${String(retention.supportMonths)} (web/src/config/retention.ts)`,
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
      : '⚠ No full green npm test is recorded here: the accessibility statement will list the checks without the date of a run. Run npm test first.',
  );
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}

const withRules = process.argv.includes('--with-rules');
const hostingTarget = hostingSite(process.argv, process.env, project);

// What the project holds now, read with the operator's `firebase login` (firebase-tools' own
// sign-in, which its deploy uses too), before anything changes.
const require = createRequire(import.meta.url);
const { requireAuth } = require('firebase-tools/lib/requireAuth.js') as {
  requireAuth: (options: { projectId: string }) => Promise<unknown>;
};
const { getAccessToken } = require('firebase-tools/lib/apiv2.js') as { getAccessToken: () => Promise<string> };
const token = await requireAuth({ projectId: project })
  .then(() => getAccessToken())
  .catch((error: unknown) => {
    console.error(
      `✖ Cannot read the project before deploying: ${error instanceof Error ? error.message : String(error)}`,
    );
    return process.exit(1);
  });
const apis = { ...googleApis, token };
if (!withRules)
  console.log('• Checking the live Firestore rules by what they let through (a Firestore emulator, offline)…');
const refusals: Refusal[] = [
  ...(typeof hostingTarget === 'string' ? [] : [hostingTarget]),
  ...(withRules
    ? []
    : [await rulesRefusal(await liveFirestoreRules(apis, project), project, checkRulesOffline)]
  ).filter((refusal): refusal is Refusal => refusal !== undefined),
  ...(await functionClashes(apis, project, functionsRegion, ourFunctionNames())),
  ...[serviceWorkerCacheRefusal(readFirebaseJson().hosting.headers ?? [], serviceWorkerPath)].filter(
    (refusal): refusal is Refusal => refusal !== undefined,
  ),
];
if (refusals.length > 0 || typeof hostingTarget !== 'string') {
  for (const { reason, fix } of refusals) console.error(`✖ ${reason}\n  → ${fix}`);
  process.exit(1);
}

const targets = ['hosting', 'firestore:indexes', 'functions', ...(withRules ? ['firestore:rules'] : [])];
if (!withRules) {
  console.log("• Firestore rules are left as they are (the app's, which passed the site's rules checks).");
}
console.log(`• Hosting: site ${hostingTarget}.`);
// What firestore:indexes deploys: a TTL policy for each collection the site and the functions
// keep for a time (the periods the privacy policy states).
const { fieldOverrides = [] } = JSON.parse(readFileSync(join(root, 'firestore.indexes.json'), 'utf8')) as {
  fieldOverrides?: Array<{ collectionGroup: string; fieldPath: string; ttl?: boolean }>;
};
const ttlPolicies = fieldOverrides
  .filter(({ ttl }) => ttl)
  .map(({ collectionGroup, fieldPath }) => `${collectionGroup}.${fieldPath}`);
console.log(`• Firestore TTL policies: ${ttlPolicies.join(', ')}.`);

// firebase.json with the named site, for this deploy only, and the Account page's policy
// written for this project's auth domain (scripts/lib/firebase-config.ts, withSignInPolicy).
const deployConfig = join(root, 'firebase.deploy.json');
const firebaseJson = deployFirebaseJson(project);
writeFileSync(
  `${deployConfig}.tmp`,
  `${JSON.stringify({ ...firebaseJson, hosting: { ...firebaseJson.hosting, site: hostingTarget } }, null, 2)}\n`,
);
renameSync(`${deployConfig}.tmp`, deployConfig);

process.exit(
  // firestore:indexes carries the TTL policies listed above.
  await run(
    firebaseBin,
    ['deploy', '--config', 'firebase.deploy.json', '--project', project, '--only', targets.join(',')],
    {
      cwd: root,
      // The site's contact form writes to this project's Firestore (web/src/features/contact/api/firebase-config.ts);
      // Hosting's predeploy build reads it.
      env: { ...process.env, VITE_FIREBASE_PROJECT_ID: project },
    },
  ),
);
