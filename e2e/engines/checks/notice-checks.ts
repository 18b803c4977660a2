import { join } from 'node:path';
import { expect, it } from 'vitest';
import { languages } from '../../../web/src/config/languages.ts';
import { localizedPath, paths } from '../../../web/src/config/paths.ts';
import { everyPath } from '../../../web/src/config/site-pages.ts';
import { siteNoticePath } from '../../../functions/src/contracts/site-notice.ts';
import { headings } from '../../support/texts.ts';
import type { EnginePage } from '../drivers.ts';
import type { EngineSession } from '../session.ts';
import { SharedNotice } from '../shared-notice.ts';
import { open, sendMessage, typeMessage } from '../steps.ts';
import { emailWhere, waitFor } from '../waiting.ts';

/** The notice the engines' notice checks share (the file that declares them runs them side by side). */
const sharedNotice = new SharedNotice();

const shownText = `document.querySelector('.known-problem__box p')?.textContent ?? ''`;

/** A real known-problem notice, set with the operator's command and shown by every page that asks. */
export function noticeCheck(session: EngineSession): void {
  sharedNotice.join();
  it('a known problem set with the command is shown above the form and on the help centre in both languages and at both widths, named by a message, and gone once cleared', async () => {
    const { page, engine } = session;
    const { token, texts } = sharedNotice;
    const email = `${token}-${engine}@example.com`;
    try {
      const set = await sharedNotice.set();
      expect(set.code, set.stderr).toBe(0);
      await expectShownEverywhere(session);
      // A message written while it is shown names it: its email says so first.
      const subject = `Cannot sign in ${token} ${engine}`;
      await open(page, paths.support, 'en', headings.support.en);
      await waitFor(page, `${shownText} === ${JSON.stringify(texts.en)}`, 'no notice above the form');
      await typeMessage(page, email, subject, `Sent from ${page.version}.`);
      await sendMessage(page);
      const mail = await emailWhere(`from ${email}`, (received) => received.replyTo === email);
      expect(mail.subject).toBe(`[Known problem] ${texts.en}`);
      expect(mail.text.split('\n')[0]).toContain(`Known problem: "${texts.en}"`);
      expect(mail.text).toContain(`Subject: ${subject}`);
    } finally {
      // Cleared once every engine is done with it, and read by pages as gone.
      const clear = await sharedNotice.clear();
      expect(clear.code, clear.stderr).toBe(0);
    }
    await expectNoneShown(page);
  }, 120_000);
}

/** The notice above the form and on the help centre, in each language, its markup shown as text. */
async function expectShownEverywhere({ page, screenshots }: EngineSession) {
  const { texts } = sharedNotice;
  for (const language of languages) {
    for (const name of ['support', 'help'] as const) {
      await open(page, localizedPath(everyPath[name], language), language, headings[name][language]);
      await waitFor(page, `${shownText} === ${JSON.stringify(texts[language])}`, `no notice on ${name} (${language})`);
      // The operator's markup is text.
      expect(await page.evaluate<number>(`document.querySelectorAll('.known-problem b').length`)).toBe(0);
    }
    await page.screenshot(join(screenshots, `known-problem-${language}.png`));
    await page.setWidth(390, 844);
    await page.screenshot(join(screenshots, `known-problem-${language}-phone.png`));
    await page.setWidth(1280, 800);
  }
}

/** Cleared: a page opened once the function's memory of it is over reads none and shows nothing. */
async function expectNoneShown(page: EnginePage) {
  await open(page, paths.support, 'en', headings.support.en);
  await waitFor(
    page,
    `performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(${JSON.stringify(siteNoticePath)}))`,
    'the page did not read the notice',
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await page.evaluate<number>(`document.querySelector('.known-problem')?.childElementCount ?? -1`)).toBe(0);
  expect(await page.errors()).toEqual([]);
}
