import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { collections } from '../../functions/src/contracts/collections.ts';
import { siteNoticePath, siteNoticeLimits } from '../../functions/src/contracts/site-notice.ts';
import { parseNoticeAnswer } from '../../functions/src/contracts/site-notice-check.ts';
import { hostingOrigin, projectId, runCommand } from '../support/emulators.ts';

// The known-problem notice end to end: the operator's command (scripts/notice.ts) as an
// operator runs it, on the Firestore emulator, and the site's read (GET /api/notice) through
// Hosting's rewrite to the function, as the pages make it.

const app = initializeApp({ projectId }, 'site-notice-test');
const db = getFirestore(app);

const notice = (...args: string[]) => runCommand('notice.ts', ...args);

/** What the pages read (`query`: an address the CDN would not have, which the function answers all the same). */
async function read(query = ''): Promise<{ status: number; cache: string | null; body: unknown }> {
  const response = await fetch(`${hostingOrigin}${siteNoticePath}${query}`);
  return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() };
}

/**
 * The read once the function's memory has taken in a change (at most memorySeconds after it):
 * the first answer `done` accepts, or the last one seen when the time is up.
 */
async function readOnceChanged(done: (body: unknown) => boolean) {
  const until = Date.now() + siteNoticeLimits.memorySeconds * 1000 + 5_000;
  let answer = await read();
  while (!done(answer.body) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    answer = await read();
  }
  return answer;
}
const isNone = (body: unknown) => JSON.stringify(body) === '{"notice":null}';

const project = ['--project', projectId];

afterAll(async () => {
  await notice('clear', ...project, '--yes');
  await deleteApp(app);
});

describe('npm run notice and the read the site makes', () => {
  it('sets a notice after printing it, the read answers it, show prints it, clear takes it down', async () => {
    await notice('clear', ...project, '--yes');
    expect((await readOnceChanged(isNone)).body).toEqual({ notice: null });

    const en = 'Sign-in <b>fails</b> on Android 15 since 9:00 & a fix is on its way.';
    const it_ = 'Accesso non riuscito su Android 15 dalle 9:00: la correzione è in arrivo.';
    const set = await notice(
      'set',
      ...project,
      '--en',
      en,
      '--it',
      it_,
      '--until',
      '2h',
      '--help',
      'app-not-working',
      '--yes',
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`Known problem\n      ${en}`);
    expect(set.stdout).toContain(`Problema noto\n      ${it_}`);
    expect(set.stdout).toContain('/it/help/app-not-working');
    expect(set.stdout).toMatch(/✔ Set \([A-Za-z0-9]{20}\)/);

    const answer = await readOnceChanged((body) => !isNone(body));
    expect(answer.status).toBe(200);
    // An address the CDN would not have gets the same answer.
    expect((await read('?x=1')).body).toEqual(answer.body);
    expect(answer.cache).toBe(`public, max-age=0, s-maxage=${String(siteNoticeLimits.cdnSeconds)}`);
    const shown = parseNoticeAnswer(answer.body);
    // Markup is text: it comes back as typed, and the pages show it as such.
    expect(shown).toMatchObject({ text: { en, it: it_ }, help: 'app-not-working' });
    expect(Date.parse(shown?.until ?? '') - Date.parse(shown?.since ?? '')).toBeGreaterThan(2 * 60 * 60_000 - 5_000);
    const kept = await db
      .collection(collections.siteNotices)
      .doc(shown?.id ?? '-')
      .get();
    expect(kept.get('text')).toEqual({ en, it: it_ });

    const show = await notice('show', ...project);
    expect(show.stdout).toContain(`The notice set now (${shown?.id ?? ''})`);

    const clear = await notice('clear', ...project, '--yes');
    expect(clear.code, clear.stderr).toBe(0);
    expect((await readOnceChanged(isNone)).body).toEqual({ notice: null });
    // The notice stays under its id, ended, for the messages that name it, then expires.
    const ended = await db
      .collection(collections.siteNotices)
      .doc(shown?.id ?? '-')
      .get();
    expect(Date.parse(ended.get('until') as string)).toBeLessThanOrEqual(Date.now());
    expect(ended.get('expireAt')).toBeDefined();
    // Three waits of up to memorySeconds for the function's memory to take in a change.
  }, 90_000);

  it('writes nothing without --yes and a terminal, nor a notice that may not be set', async () => {
    await notice('clear', ...project, '--yes');
    const asked = await notice('set', ...project, '--en', 'Forecast late.', '--it', 'Previsioni in ritardo.');
    expect(asked.code).toBe(2);
    expect(asked.stdout).toContain('Forecast late.');
    expect(asked.stderr).toContain('No terminal to ask on');
    const refused = await notice('set', ...project, '--en', 'Forecast late.', '--help', 'no-such-article', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the it text is missing');
    expect(refused.stderr).toContain('there is no help article no-such-article');
    expect((await read()).body).toEqual({ notice: null });
  });

  it('answers no notice once its time has ended, without a clear', async () => {
    const notices = db.collection(collections.siteNotices);
    const ref = notices.doc();
    const past = { id: ref.id, text: { en: 'Over.', it: 'Finito.' }, since: '2001-01-01T00:00:00.000Z' };
    await notices.doc('current').set({ ...past, until: '2001-01-01T01:00:00.000Z', help: null });
    // Whatever the function still remembers, it decides per request whether a notice is shown.
    expect((await read()).body).toEqual({ notice: null });
    await notices.doc('current').delete();
  });
});

describe('a notice’s life through the command (issue 79)', () => {
  it('is set, updated twice and resolved; the read and its own document follow each step', async () => {
    const set = await notice(
      'set',
      ...project,
      '--en',
      'Catches do not sync.',
      '--it',
      'Le catture non si sincronizzano.',
      '--part',
      'catches',
      '--yes',
    );
    expect(set.code, set.stderr).toBe(0);
    const id = /✔ Set \(([A-Za-z0-9]{20})\)/.exec(set.stdout)?.[1] ?? '';
    const stateOf = async (state: string) =>
      parseNoticeAnswer((await readOnceChanged((body) => parseNoticeAnswer(body)?.state === state)).body);
    expect(await stateOf('investigating')).toMatchObject({
      id,
      part: 'catches',
      updates: [{ state: 'investigating' }],
    });

    const steps = [
      ['identified', 'The cause is found.', 'La causa è stata trovata.'],
      ['monitoring', 'Fixed; we are watching.', 'Risolto; stiamo controllando.'],
    ] as const;
    for (const [state, en, it_] of steps) {
      const update = await notice('update', ...project, '--state', state, '--en', en, '--it', it_, '--yes');
      expect(update.code, update.stderr).toBe(0);
      expect(update.stdout).toContain(`State: ${state}`);
      expect(await stateOf(state)).toMatchObject({ id, state, text: { en, it: it_ } });
    }
    expect((await stateOf('monitoring'))?.updates.map((update) => update.state)).toEqual([
      'investigating',
      'identified',
      'monitoring',
    ]);

    // Bad commands change nothing: no state, an update to resolve, a text missing.
    for (const bad of [
      ['update', ...project, '--en', 'x', '--it', 'y', '--yes'],
      ['update', ...project, '--state', 'resolved', '--en', 'x', '--it', 'y', '--yes'],
      ['resolve', ...project, '--en', 'Over.', '--yes'],
    ]) {
      const refused = await notice(...bad);
      expect(refused.code, bad.join(' ')).toBe(2);
    }
    expect((await stateOf('monitoring'))?.updates).toHaveLength(3);

    const resolved = await notice('resolve', ...project, '--en', 'All fixed.', '--it', 'Tutto risolto.', '--yes');
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stdout).toContain(`✔ Resolved (${id})`);
    expect((await readOnceChanged(isNone)).body).toEqual({ notice: null });
    const kept = (await db.collection(collections.siteNotices).doc(id).get()).data();
    expect(kept).toMatchObject({ state: 'resolved', text: { en: 'All fixed.' } });
    expect((kept?.updates as unknown[]).length).toBe(4);
    expect(kept?.until).toEqual(expect.any(String));
    // Nothing to update once it is over.
    const after = await notice('update', ...project, '--state', 'identified', '--en', 'x', '--it', 'y', '--yes');
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('no notice is shown: set one first');
    // Each step waits for the read's memory (memorySeconds) to take it in.
  }, 120_000);
});
