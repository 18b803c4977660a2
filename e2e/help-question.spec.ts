import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { adminFirestore } from './support/admin-firestore.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { receivedMail } from './support/inbox.ts';
import {
  contactTexts,
  languages,
  locales,
  open,
  paths,
  projectFor,
  reachPart,
  suggestionsSettled,
  type Language,
} from './support/site.ts';
import { helpTextPattern, helpTexts } from './support/texts.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { helpTopicArticles, type HelpArticleId } from '../web/src/config/help.ts';
import { collections } from '../functions/src/contracts/collections.ts';
import { timings } from '../web/src/config/constants.ts';

// What the help centre learns where it fails (issue 65): the question at an article's end, the
// searches that found nothing, and the articles a message names, through the real emulators:
// the page writes each signal to Firestore through the rules; a message reaches the SMTP inbox.

const adminDb = adminFirestore();

/** The question's words, typed out on purpose (a missing key shows as the key). */
const question: Record<
  Language,
  { asked: string; yes: string; no: string; thanks: string; notWorked: string; thanksWhy: string; write: string }
> = {
  en: {
    asked: 'Did this answer your question?',
    yes: 'Yes',
    no: 'No',
    thanks: 'Thank you for telling us.',
    notWorked: 'I tried it and it did not work',
    thanksWhy: 'Thank you: that tells us what to improve.',
    write: 'Write to us about it',
  },
  it: {
    asked: 'Questo articolo ha risposto alla tua domanda?',
    yes: 'Sì',
    no: 'No',
    thanks: 'Grazie della risposta.',
    notWorked: 'Ho provato e non ha funzionato',
    thanksWhy: 'Grazie: così sappiamo che cosa migliorare.',
    write: 'Scrivici in merito',
  },
};

/** The signals written since `sinceMs` that say something of `article` in `language`, as stored. */
async function signalsOf(article: string, language: Language, sinceMs: number) {
  const found = await adminDb()
    .collection(collections.helpSignals)
    .where('article', '==', article)
    .where('language', '==', language)
    .get();
  return found.docs
    .filter((doc) => doc.createTime.toMillis() >= sinceMs)
    .map((doc) => {
      const { createdAt, expireAt, ...said } = doc.data();
      expect(createdAt, 'the server’s time of the write').toBeTruthy();
      expect(expireAt, 'the time the TTL policy deletes it at').toBeTruthy();
      return said;
    });
}

/** The question box at the end of the article the page shows, hydrated. */
async function reachQuestion(page: Page) {
  const box = page.locator('.article-question');
  await reachPart(page, box);
  return box;
}

/**
 * Records, from the page's start, every element inside the article that a layout shift moved
 * (the browser's own report of shifts), in `window.movedInArticle`. A string: the root's
 * TypeScript has no DOM types (support/page-scripts.ts).
 */
const recordShiftsInArticle = `(() => {
  const moved = [];
  window.movedInArticle = moved;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      for (const source of entry.sources || []) {
        const node = source.node && (source.node.nodeType === 1 ? source.node : source.node.parentElement);
        if (node && node.closest('.help-article')) moved.push(node.className || node.tagName);
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

/** Where the element's top is in the page (not the screen): it moved if this changes. */
const topOf = (page: Page, selector: string) =>
  page.evaluate<number>(`document.querySelector('${selector}').getBoundingClientRect().top + window.scrollY`);

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });
    const words = question[language];
    const titleOf = (id: HelpArticleId) => helpTextPattern(helpTexts[language].articles[id].title);

    test(
      'nothing moves when the question appears, and it is accessible asked and after No',
      { tag: '@widths' },
      async ({ page }) => {
        // Prerendered: the question is in the page's HTML; hydrating it when the reader nears it
        // moves nothing in the article (the page's layout shifts, as the browser reports them).
        await page.addInitScript({ content: recordShiftsInArticle });
        const article = 'marine-forecast';
        await open(page, localizedPath(`/help/${article}`, language));
        const box = await reachQuestion(page);
        await expect(box.getByRole('heading', { level: 2 })).toHaveText(words.asked);
        expect(await page.evaluate('window.movedInArticle')).toEqual([]);
        await expectNoAxeViolations(page);

        // Reached from another page, the question is drawn once its script part arrives: its place
        // is held meanwhile, so what follows it stays where it is.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route('**/article-question-*.js', async (route) => {
          await held;
          await route.continue();
        });
        const other = helpTopicArticles.account[0];
        await open(page, localizedPath(paths.help, language));
        await page
          .locator('main')
          .getByRole('link', { name: titleOf(other) })
          .click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(other));
        await expect(page.locator('.article-question')).toHaveCount(0);
        const before = await topOf(page, '.help-article__contact');
        release();
        await expect(page.locator('.article-question')).toBeVisible();
        expect(await topOf(page, '.help-article__contact')).toBe(before);

        // After No: the reasons and the link to write, each reachable, labelled and readable.
        await page.locator('.article-question').getByRole('button', { name: words.no, exact: true }).click();
        await expect(page.locator('.article-question').getByRole('button', { name: words.notWorked })).toBeVisible();
        await expectNoAxeViolations(page);
      },
    );

    test(
      'keyboard only: No, why, and the link to write names the article in the email',
      { tag: projectFor(language, '@phone') },
      async ({ page }, testInfo) => {
        const since = Date.now();
        const article = 'cancel-pro';
        const form = contactTexts[language];
        await open(page, localizedPath(`/help/${article}`, language));
        const box = await reachQuestion(page);
        // Focus placed on No as a Tab from the article's text would, then only keys.
        await box.getByRole('button', { name: words.no, exact: true }).focus();
        await page.keyboard.press('Enter');
        // The buttons pressed are gone: focus is on what the page says instead.
        await expect(box.getByText(words.thanks)).toBeFocused();
        await expect(box.getByRole('button', { name: words.yes, exact: true })).toHaveCount(0);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(box.getByRole('button', { name: words.notWorked })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(box.getByText(words.thanksWhy)).toBeFocused();
        await expect(box.getByRole('button')).toHaveCount(0);
        await expect
          .poll(() => signalsOf(article, language, since))
          .toEqual(
            expect.arrayContaining([
              { kind: 'answer', article, helped: false, language },
              { kind: 'reason', article, reason: 'did-not-work', language },
            ]),
          );
        expect(await signalsOf(article, language, since)).toHaveLength(2);

        await page.keyboard.press('Tab');
        await expect(box.getByRole('link', { name: words.write })).toBeFocused();
        await page.keyboard.press('Enter');
        const title = helpTexts[language].articles[article].title;
        await expect(page.getByLabel(form.subject)).toHaveValue(helpTextPattern(title));
        const email = `e2e-question-${testInfo.project.name}-${language}-${Date.now().toString(36)}@example.com`;
        await page.getByLabel(form.email).fill(email);
        await page.getByLabel(form.name).fill('Marco Rossi');
        await page.getByLabel(form.message).fill('I cancelled in the store but Pro is still charged.');
        await suggestionsSettled(page, await page.getByLabel(form.subject).inputValue());
        await page.getByLabel(form.message).press('Tab');
        await page.getByRole('button', { name: form.send }).press('Enter');
        await expect(page.getByRole('dialog', { name: form.sent })).toBeVisible();
        await expect
          .poll(async () => (await receivedMail()).filter((mail) => mail.replyTo === email).length, { timeout: 30_000 })
          .toBe(1);
        const [mail] = (await receivedMail()).filter((received) => received.replyTo === email);
        expect(mail?.text).toContain(`\nHelp read first: ${article}\n`);
      },
    );

    test(
      'Yes is thanked and counted once: the article read again does not ask again',
      { tag: projectFor(language, '@desktop') },
      async ({ page }) => {
        const since = Date.now();
        const article = 'reset-password';
        await open(page, localizedPath(`/help/${article}`, language));
        const box = await reachQuestion(page);
        await box.getByRole('button', { name: words.yes, exact: true }).click();
        await expect(box.getByText(words.thanks)).toBeFocused();
        await expect(box.getByRole('button')).toHaveCount(0);
        // No reasons and no link after Yes.
        await expect(box.getByRole('link')).toHaveCount(0);
        await expect
          .poll(() => signalsOf(article, language, since))
          .toEqual([{ kind: 'answer', article, helped: true, language }]);

        // Another article of the topic, then back: the answer stands.
        const related = page.locator('.help-article__related').getByRole('link').first();
        await related.click();
        await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(titleOf(article));
        await page.goBack();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(article));
        const again = await reachQuestion(page);
        await expect(again.getByText(words.thanks)).toBeVisible();
        await expect(again.getByRole('button')).toHaveCount(0);
        expect(await signalsOf(article, language, since)).toHaveLength(1);
      },
    );

    test(
      'a search that found nothing is counted once, in the form kept; a Contact Us subject never is; a message after a suggestion names it',
      { tag: projectFor(language, '@desktop') },
      async ({ page }, testInfo) => {
        const since = Date.now();
        const nothing = language === 'en' ? 'Xylophone Tuning' : 'Accordare Xilofoni';
        await open(page, localizedPath(paths.help, language));
        await page.getByRole('searchbox').fill(`${nothing} 333 1234567 a@b.it`);
        await expect(page.locator('.help-search__results')).toHaveCount(0);
        await expect(page.getByRole('status')).not.toBeEmpty();
        const text = nothing.toLowerCase();
        const searches = async () =>
          (await adminDb().collection(collections.helpSignals).where('text', '==', text).get()).docs
            .filter((doc) => doc.createTime.toMillis() >= since)
            .map((doc) => doc.get('outcome') as unknown);
        await expect.poll(searches, { timeout: timings.emptySearchSettleMs + 10_000 }).toEqual(['nothing']);

        // The same words as a subject find nothing either: nothing of the draft leaves the page
        // before Send. Then a suggestion read, and the message sent anyway: the email names it,
        // and the search made before (the help page's "write to us", on the same visit).
        const form = contactTexts[language];
        await page.locator('.help-search').getByRole('link').click();
        await expect(page.getByLabel(form.subject)).toBeVisible();
        const written: string[] = [];
        const record = (request: { url: () => string }) => {
          if (request.url().includes('/documents')) written.push(request.url());
        };
        page.on('request', record);
        await page.getByLabel(form.subject).fill(nothing);
        await suggestionsSettled(page, nothing);
        const subject = language === 'en' ? 'cancel Pro' : 'annullare Pro';
        await page.getByLabel(form.subject).fill(subject);
        await suggestionsSettled(page, subject);
        await page
          .locator('.help-suggestions')
          .getByRole('link', { name: titleOf('cancel-pro') })
          .click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('cancel-pro'));
        await page.goBack();
        const email = `e2e-suggested-${testInfo.project.name}-${language}-${Date.now().toString(36)}@example.com`;
        await page.getByLabel(form.email).fill(email);
        await page.getByLabel(form.name).fill('Marco Rossi');
        await page.getByLabel(form.message).fill('The article did not say what to do on the web.');
        page.off('request', record);
        expect(written, 'writes before Send').toEqual([]);
        await page.getByRole('button', { name: form.send }).click();
        await expect(page.getByRole('dialog', { name: form.sent })).toBeVisible();
        await expect
          .poll(async () => (await receivedMail()).filter((mail) => mail.replyTo === email).length, { timeout: 30_000 })
          .toBe(1);
        const [mail] = (await receivedMail()).filter((received) => received.replyTo === email);
        expect(mail?.text).toContain('\nHelp read first: cancel-pro\n');
        expect(mail?.text).toContain(`\nSearched first: “${text}”\n`);
        // The search was counted once, however long it stayed; the subject, never.
        expect(await searches()).toEqual(['nothing']);
      },
    );

    test(
      'a search a link brought is never counted; one whose articles none was opened is, when the visitor leaves it',
      { tag: projectFor(language, '@desktop') },
      async ({ page }) => {
        const since = Date.now();
        // The report's links open the search this way (/help?q=…): the result stays on screen
        // past the time that counts a typed one, and nothing is written.
        const linked = language === 'en' ? 'zither strings' : 'corde di cetra';
        const found = language === 'en' ? 'cancel pro' : 'annullare pro';
        let storeLoaded = false;
        page.on('request', (request) => {
          if (request.url().includes('/signal-store-')) storeLoaded = true;
        });
        await page.clock.install();
        await open(page, `${localizedPath(paths.help, language)}?q=${encodeURIComponent(linked)}`);
        await expect(page.locator('.help-search')).toHaveAttribute('data-searched', linked);
        // The page starts its time after it has drawn the result (React's effects come after the
        // paint, later on a busy machine): the clock goes on in steps, with the page's turn between.
        for (let step = 0; step < 6; step += 1) {
          await page.evaluate('0');
          await page.clock.runFor(timings.emptySearchSettleMs / 2);
        }
        // A search that finds articles, looked at, none opened: the page then loads the part that
        // will write it, and writes it when the visitor goes elsewhere.
        await page.getByRole('searchbox').fill(found);
        await expect(page.locator('.help-search__results')).toBeVisible();
        await expect
          .poll(async () => {
            await page.clock.runFor(timings.emptySearchSettleMs / 4);
            return storeLoaded;
          })
          .toBe(true);
        await page
          .getByRole('contentinfo')
          .locator(`a[href="${localizedPath(paths.terms, language)}"]`)
          .click();
        await expect(page.locator('.help-search')).toHaveCount(0);
        const written = async () =>
          (await adminDb().collection(collections.helpSignals).where('text', 'in', [linked, found]).get()).docs
            .filter((doc) => doc.createTime.toMillis() >= since)
            .map((doc) => [doc.get('outcome'), doc.get('text')] as unknown);
        await expect.poll(written).toEqual([['unopened', found]]);
      },
    );
  });
}
