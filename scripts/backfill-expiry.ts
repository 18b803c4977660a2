// `npm run backfill-expiry -- --project <id> [--dry-run]`: once, after deploying the version
// that gives contact messages an expiry, gives one to the Mail documents written before, so
// that the TTL policy deletes them after the period the privacy policy states. Uses your
// Google Cloud credentials (`gcloud auth application-default login`); with
// FIRESTORE_EMULATOR_HOST set it works on the emulator instead.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type * as BackfillModule from '../functions/src/contact-pipeline/backfill-expiry.ts';
import { retention } from '../web/src/config/retention.ts';
import { root } from './lib/project.ts';

const { values } = parseArgs({
  options: { project: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});
const project = values.project;
if (!project) {
  console.error('✖ Give the project: npm run backfill-expiry -- --project <project-id> [--dry-run]');
  process.exit(2);
}

// The period the deployed functions use: functions/.env.<project>, else the default, which
// the privacy policy states.
const envFile = join(root, 'functions', `.env.${project}`);
const configured = existsSync(envFile)
  ? /^MAIL_RETENTION_MONTHS=(\d+)\s*$/m.exec(readFileSync(envFile, 'utf8'))?.[1]
  : undefined;
const retentionMonths = configured ? Number(configured) : retention.supportMonths;

if (spawnSync('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: root, stdio: 'inherit' }).status !== 0) {
  process.exit(1);
}
const { backfillExpiry } = (await import(
  join(root, 'functions', 'lib', 'contact-pipeline', 'backfill-expiry.js')
)) as typeof BackfillModule;

const app = initializeApp({ projectId: project }, 'backfill-expiry');
try {
  const dryRun = values['dry-run'];
  const report = await backfillExpiry(getFirestore(app), { retentionMonths, dryRun });
  console.log(
    `${dryRun ? 'Would give' : 'Gave'} ${String(report.backfilled)} of ${String(report.scanned)} Mail documents ` +
      `an expiry (${String(retentionMonths)} months after they were written); ${String(report.hadExpiry)} had one, ` +
      `${String(report.leftForDelivery)} new ones are left to the mail function, ${String(report.failed)} failed.`,
  );
  process.exitCode = report.failed > 0 ? 1 : 0;
} finally {
  await deleteApp(app);
}
