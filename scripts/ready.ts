// Run by `firebase emulators:exec` once the emulators are up: waits for the inbox, prints
// where everything is, then stays until `npm start` stops it, printing each account email the
// Auth emulator would have sent as a link to the site's email action page.
import { oobCodesUrl, watchAuthEmails } from './lib/auth-emails.ts';
import { ports, urlTable, waitForPort } from './lib/emulators.ts';
import { host } from './lib/project.ts';

const ui = process.argv.includes('--ui');
const dev = process.argv.includes('--dev');
if (!(await waitForPort(ports.inbox, 30_000))) console.error(`✖ The inbox did not open port ${ports.inbox}.`);

console.log(`\n✔ All running. Press Ctrl-C to stop.\n\n${urlTable({ ui, vite: dev })}\n`);
console.log(
  `Account emails (verification, password reset, address recovery) are not sent: the Auth emulator\n` +
    `lists them at ${oobCodesUrl}, and each appears here as a link to the site's page.\n`,
);
const siteOrigin = `http://${host}:${String(dev ? ports.vite : ports.hosting)}`;
watchAuthEmails(siteOrigin, (email, link) => console.log(`✉ ${email.requestType} for ${email.email}:\n  ${link}\n`));
