import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { collections } from '../../functions/src/contracts/collections.ts';
import { siteNoticePath, siteNoticeLimits } from '../../functions/src/contracts/site-notice.ts';
import { parseNoticeAnswer } from '../../functions/src/contracts/site-notice-check.ts';
import { appStatusSchema } from '../../functions/src/contracts/app-status.ts';
import { knownProblemsPaths, type KnownProblemsAnswer } from '../../functions/src/contracts/known-problems.ts';
import { keptRead, shownNoticeFromMemory } from '../../functions/src/site-notice/memory.ts';
import { answerNoticeRead, type NoticeReads } from '../../functions/src/site-notice/read.ts';
import { readCurrent, readHistory } from '../../functions/src/site-notice/store.ts';
import { noticeSiteFacts } from '../../scripts/lib/known-problems-facts.ts';
import { readAtomFeed } from '../support/atom-feed.ts';
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

const facts = noticeSiteFacts();
const feedPaths = Object.values(facts.languages).map((language) => language.feed);
// The function's modules on the emulator's database, without the instance's memory (keepMs 0):
// what a new instance answers right after each command. Hosting's rewrites are read at the end.
const reads: NoticeReads = {
  shown: shownNoticeFromMemory({ read: () => readCurrent(db), now: Date.now, keepMs: 0 }),
  history: keptRead({ read: () => readHistory(db, Date.now()), now: Date.now, keepMs: 0 }),
  facts: () => Promise.resolve(facts),
  now: Date.now,
};
const body = async (path: string) => (await answerNoticeRead('GET', path, reads)).body;

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

describe('a notice’s life through the command, and what the history, the app and the feeds say (issue 79)', () => {
  /** The history, the app's status and both feeds about the notice `id`, each checked by its contract. */
  async function said(id: string) {
    const history = (JSON.parse(await body(knownProblemsPaths.history)) as KnownProblemsAnswer).notices;
    const app = v.parse(appStatusSchema, JSON.parse(await body(knownProblemsPaths.appStatus)));
    const feeds = await Promise.all(feedPaths.map(async (path) => readAtomFeed(await body(path))));
    return {
      listed: history.find((notice) => notice.id === id),
      first: history[0]?.id,
      app,
      // Each feed's entries about the notice, newest first: the update's number and state.
      entries: feeds.map((feed) =>
        feed.items
          .filter((item) => item.url?.endsWith(`?notice=${id}`))
          .map((item) => `${/update-\d+/.exec(item.id ?? '')?.[0] ?? ''} ${item.categories[0]?.term ?? ''}`),
      ),
    };
  }

  it('is set, updated twice and resolved; the read, its document, the history, the app and both feeds follow each step', async () => {
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
    const first = await said(id);
    expect(first.first).toBe(id);
    expect(first.listed).toMatchObject({
      part: 'catches',
      state: 'investigating',
      updates: [{ state: 'investigating' }],
    });
    expect(first.app.parts).toMatchObject({ catches: 'investigating', maps: 'operational' });
    expect(first.app.notices.map((shown) => shown.id)).toEqual([id]);
    expect(first.entries).toEqual([['update-1 investigating'], ['update-1 investigating']]);

    const steps = [
      ['identified', 'The cause is found.', 'La causa è stata trovata.'],
      ['monitoring', 'Fixed; we are watching.', 'Risolto; stiamo controllando.'],
    ] as const;
    let number = 1;
    for (const [state, en, it_] of steps) {
      const update = await notice('update', ...project, '--state', state, '--en', en, '--it', it_, '--yes');
      expect(update.code, update.stderr).toBe(0);
      expect(update.stdout).toContain(`State: ${state}`);
      number++;
      const now = await said(id);
      expect(parseNoticeAnswer(JSON.parse(await body(siteNoticePath)))).toMatchObject({
        id,
        state,
        text: { en, it: it_ },
      });
      expect(now.listed?.updates).toHaveLength(number);
      expect(now.app.parts.catches).toBe(state);
      expect(now.app.notices[0]?.text).toEqual({ en, it: it_ });
      expect(now.entries[0]?.[0]).toBe(`update-${String(number)} ${state}`);
      expect(now.entries[1]).toHaveLength(number);
    }

    // Bad commands change nothing: no state, an update to resolve, a text missing.
    for (const bad of [
      ['update', ...project, '--en', 'x', '--it', 'y', '--yes'],
      ['update', ...project, '--state', 'resolved', '--en', 'x', '--it', 'y', '--yes'],
      ['resolve', ...project, '--en', 'Over.', '--yes'],
    ]) {
      const refused = await notice(...bad);
      expect(refused.code, bad.join(' ')).toBe(2);
    }
    expect((await said(id)).listed?.updates).toHaveLength(3);

    const resolved = await notice('resolve', ...project, '--en', 'All fixed.', '--it', 'Tutto risolto.', '--yes');
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stdout).toContain(`✔ Resolved (${id})`);
    const over = await said(id);
    expect(JSON.parse(await body(siteNoticePath))).toEqual({ notice: null });
    expect(over.listed).toMatchObject({ state: 'resolved', text: { en: 'All fixed.' } });
    expect(Date.parse(over.listed?.until ?? '')).toBeLessThanOrEqual(Date.now());
    expect(over.app.notices).toEqual([]);
    expect(new Set(Object.values(over.app.parts))).toEqual(new Set(['operational']));
    expect(over.entries).toEqual(
      [0, 1].map(() => ['update-4 resolved', 'update-3 monitoring', 'update-2 identified', 'update-1 investigating']),
    );
    // Nothing to update once it is over.
    const after = await notice('update', ...project, '--state', 'identified', '--en', 'x', '--it', 'y', '--yes');
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('no notice is shown: set one first');

    // Through Hosting, as the app and feed readers ask (once the instance's memory took it in):
    // the rewrites, the types and the CDN's cache header, and the same answers.
    const until = Date.now() + siteNoticeLimits.memorySeconds * 1000 + 5_000;
    let app = await fetch(`${hostingOrigin}${knownProblemsPaths.appStatus}?x=${String(Math.random())}`);
    while (!(await app.clone().text()).includes('"notices":[]') && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      app = await fetch(`${hostingOrigin}${knownProblemsPaths.appStatus}`);
    }
    expect(app.headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${String(siteNoticeLimits.cdnSeconds)}`);
    expect(v.parse(appStatusSchema, await app.json()).notices).toEqual([]);
    for (const path of feedPaths) {
      const feed = await fetch(`${hostingOrigin}${path}`);
      expect(feed.headers.get('content-type'), path).toBe('application/atom+xml; charset=utf-8');
      expect(readAtomFeed(await feed.text()).items[0]?.id, path).toMatch(new RegExp(`/${id}/update-4/`));
    }
  }, 60_000);
});
