// Run by `firebase emulators:exec` once the emulators are up: waits for the inbox, prints
// where everything is, then stays until `npm start` stops it.
import { ports, urlTable, waitForPort } from './lib/emulators.ts';

const ui = process.argv.includes('--ui');
const dev = process.argv.includes('--dev');
if (!(await waitForPort(ports.inbox, 30_000))) console.error(`✖ The inbox did not open port ${ports.inbox}.`);

console.log(`\n✔ All running. Press Ctrl-C to stop.\n\n${urlTable({ ui, vite: dev })}\n`);
setInterval(() => {}, 1 << 30);
