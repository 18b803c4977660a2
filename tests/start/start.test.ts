import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendants } from '../../scripts/lib/processes.ts';
import { projectId } from '../../scripts/lib/project.ts';
import { site } from '../../web/src/config/site.ts';
import { referenceFor } from '../../functions/src/contracts/contact-message.ts';
import { eventually, hostingOrigin, root } from '../support/emulators.ts';
import { autoId, contactMessage, restWrite } from '../support/visitor-writes.ts';

// `npm start` as a developer runs it: everything comes up, the pipeline works end to end,
// and Ctrl-C (SIGINT to the terminal's process group) leaves nothing running.
const inboxOrigin = 'http://127.0.0.1:1080';
const firestoreOrigin = 'http://127.0.0.1:8080';

let start: ChildProcess;
let output = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  // With the build `npm test` has just made, with the same commands (its build step): building
  // again here would only add its time. What comes after the build is what is checked.
  start = spawn(process.execPath, ['scripts/start.ts', '--no-build'], {
    cwd: root,
    detached: true, // its own process group, like a terminal's foreground job
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => start.once('exit', (code) => resolve(code)));
  start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Ready, or stopped (a build that fails, a port in use): then its output says why at once.
  let stopped = false;
  void exited.then(() => (stopped = true));
  await eventually<boolean>(
    () => {
      if (stopped) throw new Error(`npm start stopped before it was ready:\n${output}`);
      return output.includes('All running') ? true : undefined;
    },
    150_000,
    'npm start to be ready',
  );
}, 160_000);

afterAll(() => {
  if (start.pid && start.exitCode === null) process.kill(-start.pid, 'SIGKILL');
});

describe('npm start', () => {
  it('prints the URLs', () => {
    for (const url of [`${hostingOrigin}/`, `${inboxOrigin}/`, `${firestoreOrigin}/`]) expect(output).toContain(url);
  });

  it('serves the site, a deep link and app-ads.txt', async () => {
    for (const path of ['/', '/features']) {
      const response = await fetch(`${hostingOrigin}${path}`);
      expect(response.status).toBe(200);
      // The page itself, prerendered, with the app's script.
      const html = await response.text();
      expect(html).toMatch(/<div id="root"><a class="skip-link"/);
      expect(html).toMatch(/<script type="module"[^>]*src="\/static\/js\/index-[\w-]+\.js"/);
    }
    const ads = await fetch(`${hostingOrigin}/app-ads.txt`);
    expect(ads.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('delivers a contact message written to Mail, as a visitor, to the local inbox', async () => {
    const subject = `Start check ${Date.now()}`;
    const id = autoId();
    // Through the rules like the site: the REST API's commit, with the server's time.
    const write = await restWrite(firestoreOrigin, projectId, id, contactMessage({ subject }));
    expect(write.status).toBe(200);
    type Listed = { subject: string; to: Array<{ address: string }> };
    const mail = await eventually(
      async () => {
        const list = (await (await fetch(`${inboxOrigin}/api/email`)).json()) as Listed[];
        // The function opens the subject with the message's reference.
        return list.find((entry) => entry.subject === `[${referenceFor(id)}] ${subject}`);
      },
      20_000,
      'the email in the inbox',
    );
    expect(mail.to.map(({ address }) => address)).toEqual([site.supportEmail]);
    const page = await fetch(`${inboxOrigin}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
  });

  it('stops everything on Ctrl-C, leaving no process behind', async () => {
    const pid = start.pid as number;
    const tree = descendants(pid);
    expect(tree.length).toBeGreaterThan(3); // inbox, firebase-tools, Java, functions runtime…
    process.kill(-pid, 'SIGINT');
    expect(await exited).toBe(0);
    const alive = tree.filter((child) => {
      try {
        process.kill(child, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  }, 30_000);
});
