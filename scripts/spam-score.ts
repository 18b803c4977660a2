// `npm run spam-score`: scores the support email the mail function sends with SpamAssassin's
// local rules (`spamassassin -t -L`, no network tests), for messages with and without the
// app's context, and for a digest of messages over the caps with a delivery warning. Prints each score and the rules that fired. Needs the `spamassassin`
// command (Debian: apt-get install spamassassin); not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ContactDraft } from '../functions/src/contracts/contact-message.ts';
import { loadFunctionsSource } from './lib/functions-source.ts';
import type { ContactMail } from '../functions/src/contact-pipeline/mail-document.ts';
import type * as RenderModule from '../functions/src/contact-pipeline/render-email.ts';
import type * as DigestModule from '../functions/src/contact-pipeline/render-digest.ts';
import { root } from './lib/project.ts';

// The contract imports its sibling as `./x.js`, which plain Node finds only with this hook.
loadFunctionsSource();
const { buildContactMessage } = await import('../functions/src/contracts/contact-message.ts');

const which = spawnSync('spamassassin', ['--version'], { encoding: 'utf8' });
if (which.status !== 0) {
  console.error('✖ spamassassin is not installed (Debian: apt-get install spamassassin)');
  process.exit(2);
}

/** The message the site writes, built as the site builds it: a visitor's plain text. */
const draft: ContactDraft = {
  name: 'Marco Rossi',
  email: 'marco.rossi@example.org',
  subject: 'Tide table is a day late',
  message: "Hello,\nsince the last update the tide table for Chioggia shows yesterday's times.\nCould you check?",
  language: 'it',
};
const writtenMs = Date.parse('2026-11-23T08:30:00Z');
const written = (fields: Partial<ContactDraft> = {}): ContactMail => ({
  shape: 'fields',
  message: buildContactMessage({ ...draft, ...fields }),
  writtenMs,
});
const samples: Array<[string, ContactMail, string | undefined]> = [
  ['language only', written(), undefined],
  ['device and app version', written({ platform: 'android', appVersion: '1.2.3 (45)' }), undefined],
  ['with the console link of a real project', written({ language: 'en', platform: 'ios' }), 'fishing-prod'],
];

// The functions as they are deployed: built from source first.
if (spawnSync('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: root, stdio: 'inherit' }).status !== 0) {
  process.exit(1);
}
const { renderEmail } = (await import(
  join(root, 'functions', 'lib', 'contact-pipeline', 'render-email.js')
)) as typeof RenderModule;
const { digestPart, renderDigest } = (await import(
  join(root, 'functions', 'lib', 'contact-pipeline', 'render-digest.js')
)) as typeof DigestModule;
type OutgoingEmail = ReturnType<typeof renderEmail>;

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
const options = { from: 'Support site <no-reply@example.com>', supportEmail: 'support@example.com' };
const emails: Array<[string, OutgoingEmail]> = samples.map(([name, mail, projectId]) => [
  name,
  renderEmail(mail, options, { id: 'Q2x9LmTz81KpRw3vBn0c', projectId }),
]);
// A digest of the messages over the caps (digest.ts), with a delivery warning: 20 messages.
const ids = Array.from({ length: 20 }, (_, index) => `Q2x9LmTz81KpRw3vBn${String(index).padStart(2, '0')}`);
emails.push([
  'a digest of 20, with a delivery warning',
  renderDigest(
    ids.map((id, index) => digestPart(written({ email: `angler${String(index)}@example.org` }), { id })),
    options,
    { id: 'Z8y7X6w5V4u3T2s1R0q9', waiting: 0 },
    [
      '2 messages have waited in RETRY for over an hour (the oldest written 2026-11-23 08:30 UTC): the SMTP server keeps refusing them.',
    ],
  ),
]);
let worst = 0;
for (const [name, email] of emails) {
  const { message } = (await composer.sendMail(email)) as unknown as { message: Buffer };
  const result = spawnSync('spamassassin', ['-t', '-L'], { input: message, encoding: 'utf8', maxBuffer: 16 << 20 });
  const status = /^X-Spam-Status: (.*(?:\n\s+.*)*)/m.exec(result.stdout)?.[1]?.replace(/\s+/g, ' ') ?? 'no status';
  const score = Number(/score=(-?[\d.]+)/.exec(status)?.[1] ?? NaN);
  worst = Math.max(worst, Number.isNaN(score) ? Infinity : score);
  console.log(
    `${name.padEnd(42)} score ${score.toFixed(1).padStart(5)}  ${(/tests=(\S*)/.exec(status)?.[1] ?? '').replace(/,$/, '')}`,
  );
}
console.log(`Highest score: ${worst.toFixed(1)}`);
