import { expect, test } from './support/fixtures.ts';
import { contactTexts, languages, locales, open, paths, projectFor, type Language } from './support/site.ts';
import { helpTexts, helpTextPattern } from './support/texts.ts';
import { helpArticleIds, helpTopics } from '../web/src/config/help.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { readTextFile } from '../web/build/fact-texts.ts';

// The help centre: its topics and articles, its search (typos forgiven), the Contact Us
// form's suggestions and the way back to a filled-in form.

const subscriptionArticle = 'cancel-pro';

/** The words an article's text opens with, as its file writes them, up to its first placeholder or link. */
function openingWords(id: string, language: Language): string {
  const file = readTextFile<Record<Language, unknown[]>>(
    new URL(`../web/src/locales/articles/${id}.json`, import.meta.url).pathname,
  );
  const first = file[language].find((block): block is string => typeof block === 'string') ?? '';
  return first.split(/{{|</)[0]?.trim() ?? '';
}

/** What a visitor types: a misspelt word, and words of a subject, in each language. */
const typed: Record<Language, { misspelt: string; subject: string }> = {
  en: { misspelt: 'subscripton', subject: 'cancel Pro' },
  it: { misspelt: 'abbonamneto', subject: 'annullare Pro' },
};

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });
    const texts = helpTexts[language];
    const articleTitle = (id: (typeof helpArticleIds)[number]) => helpTextPattern(texts.articles[id].title);

    test(
      'the help centre lists every topic and every article',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        await open(page, localizedPath(paths.help, language));
        const topics = page.locator('main').getByRole('heading', { level: 2 });
        await expect(topics).toHaveText(helpTopics.map((topic) => texts.topics[topic].title));
        for (const id of helpArticleIds) {
          await expect(page.locator('main').getByRole('link', { name: articleTitle(id) })).toHaveAttribute(
            'href',
            localizedPath(`/help/${id}`, language),
          );
        }
      },
    );

    test(
      'a misspelt search finds the subscription article, and is there again after reading it',
      { tag: projectFor(language, '@desktop') },
      async ({ page }) => {
        await open(page, localizedPath(paths.help, language));
        await page.getByRole('searchbox').fill(typed[language].misspelt);
        const results = page.locator('.help-search__results');
        await expect(results.getByRole('link', { name: articleTitle(subscriptionArticle) })).toBeVisible();
        await expect(page.getByRole('status')).not.toBeEmpty();
        // Each result with its summary (the search index's copy), its placeholders filled.
        const summary = helpTextPattern(texts.articles[subscriptionArticle].summary);
        await expect(results.getByText(summary)).toBeVisible();
        await expect(results).not.toContainText('{{');

        // Read, then back: the same words and results.
        await results.getByRole('link', { name: articleTitle(subscriptionArticle) }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(articleTitle(subscriptionArticle));
        await page.goBack();
        await expect(page.getByRole('searchbox')).toHaveValue(typed[language].misspelt);
        await expect(results.getByRole('link', { name: articleTitle(subscriptionArticle) })).toBeVisible();
      },
    );

    test(
      'the subject suggests articles, and the form is as it was after reading one',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        const form = contactTexts[language];
        await open(page, localizedPath(paths.support, language));
        await page.getByLabel(form.email).fill('angler@example.com');
        await page.getByLabel(form.name).fill('Marco Rossi');
        await page.getByLabel(form.message).fill('I no longer need the longer forecast.');
        await page.getByLabel(form.subject).fill(typed[language].subject);
        const suggestion = page
          .locator('.help-suggestions')
          .getByRole('link', { name: articleTitle(subscriptionArticle) });
        await expect(suggestion).toBeVisible();
        expect(await page.locator('.help-suggestions li').count()).toBeLessThanOrEqual(3);

        await suggestion.click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(articleTitle(subscriptionArticle));
        await page.goBack();
        await expect(page.getByLabel(form.subject)).toHaveValue(typed[language].subject);
        await expect(page.getByLabel(form.email)).toHaveValue('angler@example.com');
        await expect(page.getByLabel(form.name)).toHaveValue('Marco Rossi');
        await expect(page.getByLabel(form.message)).toHaveValue('I no longer need the longer forecast.');

        // A fresh load of the page (the tab's session) finds it too.
        await page.reload();
        await expect(page.getByLabel(form.message)).toHaveValue('I no longer need the longer forecast.');
      },
    );

    test(
      'an article ends with a link to the form, its subject filled in',
      { tag: projectFor(language, '@desktop') },
      async ({ page }) => {
        await open(page, localizedPath(`/help/${subscriptionArticle}`, language));
        // Its text in the page's language, as prerendered and once the app runs (each article's
        // text is loaded with its page).
        const opening = openingWords(subscriptionArticle, language);
        expect(opening.length).toBeGreaterThan(20);
        await expect(page.locator('.help-article')).toContainText(opening);
        // Its summary under the title (it travels with the article, not with the help page).
        await expect(
          page.locator('header').getByText(helpTextPattern(texts.articles[subscriptionArticle].summary)),
        ).toBeVisible();
        const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
        await page.locator('.help-article__contact').getByRole('link').click();
        await expect(page.getByLabel(contactTexts[language].subject)).toHaveValue(title);
      },
    );

    test(
      'the footer and the not-found page lead to the help centre',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        await open(page, localizedPath(paths.home, language));
        await expect(page.locator('footer').getByRole('link', { name: texts.page.title })).toHaveAttribute(
          'href',
          localizedPath(paths.help, language),
        );
        await page.goto(`${localizedPath(paths.home, language).replace(/\/$/, '')}/no/such/page`);
        await page
          .locator('main')
          .getByRole('link', { name: new RegExp(texts.page.title, 'i') })
          .click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.page.title);
      },
    );
  });
}
