import type { Locator, Page } from '@playwright/test';
import { siteNoticeLimits } from '../functions/src/contracts/site-notice.ts';
import { referenceFor, referencePattern } from '../functions/src/contracts/contact-message.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { everyPath } from '../web/src/config/site-pages.ts';
import { runNotice } from '../tests/support/emulators.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { receivedMail } from './support/inbox.ts';
import { contactTexts, languages, open, paths, suggestionsSettled, type Language } from './support/site.ts';

// A real known problem, end to end, on the emulators: the operator's command sets it, a page
// already open in each language shows it within a minute and the help centre and its article
// show it in both languages, two visitors write while it is shown and the team gets two emails
// that name it and share one thread, the command clears it and the open pages take it down
// within a minute.
// In the project of its width, run after every other test (playwright.config.ts): a
// notice set here shows on every page that asks, which no other test expects.

/** Writes a message on the Contact Us page open in `language`; resolves to the reference shown. */
async function write(page: Page, language: Language, email: string, subject: string): Promise<string> {
  const texts = contactTexts[language];
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.name).fill('Ann');
  await page.getByLabel(texts.subject).fill(subject);
  await page.getByLabel(texts.message).fill('I cannot sign in since this morning.');
  await suggestionsSettled(page, subject);
  await page.getByRole('button', { name: texts.send }).click();
  const dialog = page.getByRole('dialog', { name: texts.sent });
  await expect(dialog).toBeVisible();
  const shown = (await dialog.getByText(texts.reference).textContent())?.replace(texts.reference, '').trim() ?? '';
  expect(shown).toMatch(referencePattern);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  return shown;
}

/**
 * Moves `page`'s clock on by a minute, which the open page promises to ask for the notice within
 * (web/src/features/notices/notice-store.ts), until `shown` has the text `text` ('' for empty).
 * Each turn is one read of the notice; the function answers what it read a few seconds
 * (siteNoticeLimits.memorySeconds, real time), so a turn may still get the answer before.
 */
async function askedAgainUntil(page: Page, shown: Locator, text: string): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(60_000);
    if (text === '') await expect(shown).toBeEmpty({ timeout: 2_000 });
    else await expect(shown).toHaveText(text, { timeout: 2_000 });
  }).toPass({ timeout: (siteNoticeLimits.memorySeconds + 20) * 1000 });
}

test(
  'a notice set with the command is shown where people look for help, its messages reach the team as one thread, and clearing it takes it down',
  // The notice box's place at each width is checked in notices.spec.ts; this journey once.
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const token = Date.now().toString(36);
    const texts: Record<Language, string> = {
      en: `Sign-in <b>fails</b> on Android 15 since 9:00 (${token})`,
      it: `L'accesso <b>non riesce</b> su Android 15 dalle 9:00 (${token})`,
    };
    // A page open before the notice in each language (the second in a browser context of its
    // own, so no language choice carries over); visitors write from the Italian one.
    const language: Language = 'it';
    const { baseURL, viewport, isMobile, hasTouch, locale } = testInfo.project.use;
    const otherContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, locale });
    const openPages: Record<Language, Page> = { en: await otherContext.newPage(), it: page };
    const box = (on: Page) => on.locator('.known-problem');

    for (const shownIn of languages) {
      // The page's clock, which the test moves on where the page would wait (below).
      await openPages[shownIn].clock.install();
      await open(openPages[shownIn], localizedPath(paths.support, shownIn));
      await expect(box(openPages[shownIn])).toBeEmpty();
    }
    const set = await runNotice('set', '--en', texts.en, '--it', texts.it, '--help', 'app-not-working', '--yes');
    expect(set.code, set.stderr).toBe(0);
    try {
      // A page open before asks again within a minute of its own: the notice is on both.
      await Promise.all(
        languages.map((shownIn) =>
          askedAgainUntil(openPages[shownIn], box(openPages[shownIn]).locator('p'), texts[shownIn]),
        ),
      );
      for (const shownIn of languages) {
        const shown = openPages[shownIn];
        await expect(box(shown).locator('b')).toHaveCount(0);
        await expectNoAxeViolations(shown);
        await keepScreenshot(shown, `e2e-screenshots/known-problem-set-${shownIn}-${testInfo.project.name}.png`);
      }

      for (const shownIn of languages) {
        for (const path of [paths.help, everyPath['help/app-not-working'], everyPath['help/known-problems']]) {
          await open(page, localizedPath(path, shownIn));
          await expect(box(page).locator('p'), `${shownIn} ${path}`).toHaveText(texts[shownIn]);
        }
        await expectNoAxeViolations(page);
      }

      // Two visitors write while it is shown.
      const senders = ['first', 'second'].map((who) => `e2e-notice-${who}-${token}@example.com`);
      const references: string[] = [];
      for (const [index, email] of senders.entries()) {
        await open(page, localizedPath(paths.support, language));
        await expect(box(page).locator('p')).toHaveText(texts[language]);
        references.push(await write(page, language, email, `Cannot sign in (${String(index + 1)})`));
      }
      const mails = async () => (await receivedMail()).filter((mail) => senders.includes(mail.replyTo));
      await expect.poll(async () => (await mails()).length, { timeout: 30_000 }).toBe(2);
      const received = await mails();
      const roots = new Set(received.map((mail) => mail.inReplyTo));
      expect(roots.size, 'one thread').toBe(1);
      const [root] = roots;
      expect(root).toMatch(/^<notice\.[A-Za-z0-9]{20}@[a-z0-9.-]+>$/);
      for (const mail of received) {
        // The team's language is English: the notice as the team set it, first.
        expect(mail.subject).toBe(`[Known problem] ${texts.en}`);
        expect(mail.text.split('\n')[0]).toMatch(
          new RegExp(`^Known problem: "${texts.en.replace(/[()]/g, '\\$&')}" \\(notice [A-Za-z0-9]{20}, shown from `),
        );
        expect(mail.references).toEqual([root]);
        const documentId = /Document: Mail\/(\S+)/.exec(mail.text)?.[1] ?? '';
        expect(references).toContain(referenceFor(documentId));
        // Its page of updates on the site, for the team.
        expect(mail.text.split('\n')[0]).toMatch(/ Its updates: \S+\/known-problems\?notice=[A-Za-z0-9]{20}$/);
      }

      // An update: the page open in English since the start shows it within a minute, and the
      // history lists the notice with both lines, newest first (its read is a few seconds old).
      const updated: Record<Language, string> = {
        en: `The cause is found; a fix is on its way (${token})`,
        it: `La causa è stata trovata; la correzione è in arrivo (${token})`,
      };
      const update = await runNotice(
        'update',
        '--state',
        'identified',
        '--en',
        updated.en,
        '--it',
        updated.it,
        '--yes',
      );
      expect(update.code, update.stderr).toBe(0);
      await askedAgainUntil(openPages.en, box(openPages.en).locator('p'), updated.en);
      await expect(async () => {
        await open(page, localizedPath(paths.knownProblems, language));
        const updates = page.getByRole('article', { name: texts[language] }).getByRole('listitem');
        await expect(updates).toHaveCount(2, { timeout: 2_000 });
        await expect(updates.first()).toContainText(updated[language], { timeout: 2_000 });
      }).toPass({ timeout: (siteNoticeLimits.memorySeconds + 20) * 1000 });
      await expectNoAxeViolations(page);
      await open(page, localizedPath(paths.support, language));
      await expect(box(page).locator('p')).toHaveText(updated[language]);
    } finally {
      const clear = await runNotice('clear', '--yes');
      expect(clear.code, clear.stderr).toBe(0);
    }
    // The pages still open (the English one since the start, the Italian one since the update)
    // take it down within a minute, and nothing is left in its place.
    await Promise.all(languages.map((shownIn) => askedAgainUntil(openPages[shownIn], box(openPages[shownIn]), '')));
    for (const shownIn of languages) await expectNoAxeViolations(openPages[shownIn]);
    await otherContext.close();
  },
);
