import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { feedFile, knownProblemsPaths, type KnownProblemsAnswer } from '../functions/src/contracts/known-problems.ts';
import { siteNoticePath } from '../functions/src/contracts/site-notice.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { noticeHistory } from '../tests/support/notice-history.ts';
import { headings } from './support/texts.ts';
import { languages, locales, open, paths, projectFor, type Language } from './support/site.ts';

// The known problems' history page (/known-problems, issue 79), with its read answered by the
// test: a notice shown now with three updates and one resolved, in both languages. The
// emulator suite reads the real history, feeds and app's status after each of the operator's
// commands (tests/emulators/site-notice.test.ts); the journey on the emulators sets a real
// notice and updates it (notice-journey.alone.spec.ts).

type PageTexts = {
  page: Record<string, string>;
  states: Record<string, string>;
  parts: Record<string, string>;
};
const texts = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(
      readFileSync(
        join(import.meta.dirname, '..', 'web', 'src', 'locales', language, 'known-problems-page.json'),
        'utf8',
      ),
    ) as PageTexts,
  ]),
) as Record<Language, PageTexts>;

// Shown now, timed back from the test's start.
const { current, resolved } = noticeHistory(Date.now());

/** Answers the history page's read (and the notice's, with the one shown now). */
async function answerHistory(page: Page, answer: KnownProblemsAnswer) {
  await page.route(`**${knownProblemsPaths.history}`, (route) =>
    route.fulfill({ json: answer, headers: { 'Cache-Control': 'no-store' } }),
  );
  await page.route(`**${siteNoticePath}`, (route) =>
    route.fulfill({ json: { notice: answer.notices[0] ?? null }, headers: { 'Cache-Control': 'no-store' } }),
  );
}

for (const language of languages) {
  const words = texts[language];
  const history = localizedPath(paths.knownProblems, language);

  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });

    test(
      'the history lists the problem shown now with its updates, newest first, then the earlier ones; each has a page of its own; axe-clean',
      { tag: '@widths' },
      async ({ page }, testInfo) => {
        await answerHistory(page, { days: 90, notices: [current, resolved] });
        await open(page, history);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.knownProblems[language]);
        await expect(page.getByRole('heading', { level: 2, name: words.page.nowHeading })).toBeVisible();
        const now = page.getByRole('article', { name: current.updates[0]?.text[language] });
        await expect(now).toContainText(words.states.monitoring ?? '');
        await expect(now).toContainText(words.parts.catches ?? '');
        // Newest first, the operator's markup as text.
        const updates = now.getByRole('list', { name: words.page.updatesLabel }).getByRole('listitem');
        await expect(updates).toHaveCount(3);
        await expect(updates.first()).toContainText(current.updates[2]?.text[language] ?? '');
        await expect(updates.nth(1)).toContainText(current.updates[1]?.text[language] ?? '');
        await expect(now.locator('b')).toHaveCount(0);
        await expect(
          page.getByRole('heading', { level: 2, name: (words.page.pastHeading ?? '').replace('{{days}}', '90') }),
        ).toBeVisible();
        await expect(page.getByRole('article', { name: resolved.updates[0]?.text[language] })).toContainText(
          words.states.resolved ?? '',
        );
        await expect(page.getByRole('link', { name: /feed/ })).toHaveAttribute('href', `${history}/${feedFile}`);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, `e2e-screenshots/known-problems-${language}-${testInfo.project.name}.png`);

        await now.getByRole('link', { name: words.page.ownPage }).click();
        await expect(page).toHaveURL(new RegExp(`\\?notice=${current.id}$`));
        await expect(page.getByRole('heading', { level: 2 })).toHaveText(current.updates[0]?.text[language] ?? '');
        await expect(page.getByRole('link', { name: words.page.allProblems })).toBeVisible();
        await expectNoAxeViolations(page);
      },
    );

    test(
      'reached with the keyboard alone: the notice box on Contact Us leads to the problem on the history, and on to its own page',
      { tag: projectFor(language, '@desktop') },
      async ({ page }) => {
        await answerHistory(page, { days: 90, notices: [current, resolved] });
        await open(page, localizedPath(paths.support, language));
        const link = page.locator('.known-problem').getByRole('link', { name: current.text[language] });
        await expect(link).toBeVisible();
        // Tab from the top of the page to the notice's link, then on to the problem's own page.
        await page.locator('body').focus();
        const focusedText = () => page.evaluate('document.activeElement ? document.activeElement.textContent : ""');
        for (let tab = 0; tab < 60 && (await focusedText()) !== current.text[language]; tab++)
          await page.keyboard.press('Tab');
        await expect(link).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`${history}#${current.id}$`));
        const own = page.getByRole('article', { name: current.updates[0]?.text[language] }).getByRole('link', {
          name: words.page.ownPage,
        });
        await own.focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`\\?notice=${current.id}$`));
      },
    );

    test(
      'says when there is no known problem, and when a problem’s address names none',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        await answerHistory(page, { days: 90, notices: [] });
        await open(page, history);
        await expect(page.getByText((words.page.none ?? '').split('{{')[0] ?? '')).toBeVisible();
        await open(page, `${history}?notice=Zzz0000000000000000z`);
        await expect(page.getByText((words.page.notFound ?? '').split('{{')[0] ?? '')).toBeVisible();
        await expectNoAxeViolations(page);
      },
    );
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(
    'the history page says where the same list is: the feed of its language',
    { tag: '@phone' },
    async ({ page }) => {
      for (const language of languages) {
        const history = localizedPath(paths.knownProblems, language);
        await page.goto(history);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.knownProblems[language]);
        const said = page.locator('main p').filter({ hasText: texts[language].page.noScript?.split('<')[0] ?? '' });
        await expect(said).toBeVisible();
        await expect(said.getByRole('link')).toHaveAttribute('href', `${history}/${feedFile}`);
        await expect(page.getByText(texts[language].page.loading ?? '')).toBeHidden();
      }
    },
  );
});
