// What the site keeps in a visitor's browser is exactly what config/storage.ts lists (and the
// privacy policy states): a visit to every page in both languages, the help centre's question
// answered and a search that found nothing, a language chosen in the menu, a Contact Us message
// typed (and read again after a help article) and sent, an email link followed and a member
// signed in on the Account page, then the browser's cookie jar, its local and session storage,
// its IndexedDB databases, its caches and its service workers are read. Anything the site set that is not on the list fails.
import type { Page } from '@playwright/test';
import { siteStorage } from '../web/src/config/storage.ts';
import { helpPagesCache, helpPartsCache } from '../web/src/features/help/copy/help-copy-terms.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { everyPath } from '../web/src/config/site-pages.ts';
import { actionLink, createMember, mailedCode, sendVerificationEmail } from './support/auth-emulator.ts';
import { expect, test } from './support/fixtures.ts';
import { accountTexts } from './support/texts.ts';
import { browserRouteNames } from './support/addresses.ts';
import { contactTexts, languages, open, paths, reachPart, suggestionsSettled, waitForApp } from './support/site.ts';
import { adminFirestore } from './support/admin-firestore.ts';
import { collections } from '../functions/src/contracts/collections.ts';
import { timings } from '../web/src/config/constants.ts';

// The site's service worker runs here, as in a visitor's browser (the other tests block it).
test.use({ serviceWorkers: 'allow' });

const listed = Object.values(siteStorage);
const names = (kind: 'cookie' | 'localStorage' | 'sessionStorage') =>
  listed.filter((item) => item.kind === kind).map((item) => item.name);

/** The names of the page's IndexedDB databases. */
const indexedDatabases = (page: Page) =>
  page.evaluate<string[]>('indexedDB.databases().then((list) => list.map((database) => database.name))');

const adminDb = adminFirestore();
/** The help signals written since `sinceMs` whose `field` is `value`. */
const signalsWith = async (field: string, value: string, sinceMs: number) =>
  (await adminDb().collection(collections.helpSignals).where(field, '==', value).get()).docs.filter(
    (doc) => doc.createTime.toMillis() >= sinceMs,
  ).length;

/** The names of the page's caches (Cache Storage). */
const cacheNames = (page: Page) => page.evaluate<string[]>('caches.keys()');

/** The scripts of the service workers registered for the site. */
const serviceWorkers = (page: Page) =>
  page.evaluate<string[]>(
    'navigator.serviceWorker.getRegistrations().then((list) => list.map((registration) => registration.active?.scriptURL))',
  );

/** The keys of the page's local or session storage. */
const storageKeys = (page: Page, kind: 'localStorage' | 'sessionStorage') =>
  page.evaluate<string[]>(`Object.keys(window.${kind})`);

test(
  'the site keeps in the browser only what its list (and the privacy policy) names',
  { tag: '@phone' },
  async ({ page, context }) => {
    test.setTimeout(120_000);
    const visitStart = Date.now();
    // Every template, in both languages.
    for (const language of languages)
      for (const name of browserRouteNames()) await open(page, localizedPath(everyPath[name], language));

    // The help centre's signals: an article's question answered, a search that found nothing,
    // both written to Firestore.
    await open(page, localizedPath('/help/supported-devices', 'it'));
    const question = page.locator('.article-question');
    await reachPart(page, question);
    await question.getByRole('button').first().click();
    await expect.poll(() => signalsWith('article', 'supported-devices', visitStart)).toBeGreaterThan(0);
    await open(page, localizedPath(paths.help, 'it'));
    await page.getByRole('searchbox').fill('accordare xilofoni liuti');
    await expect
      .poll(() => signalsWith('text', 'accordare xilofoni liuti', visitStart), {
        timeout: timings.emptySearchSettleMs + 10_000,
      })
      .toBe(1);

    // A language chosen in the menu: the cookie Hosting reads.
    await open(page, paths.features);
    await page.getByRole('combobox').selectOption('it');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');

    // A message typed, kept while a suggested page is read, then sent.
    const texts = contactTexts.it;
    await open(page, localizedPath(paths.support, 'it'));
    await page.getByLabel(texts.email).fill('angler@example.com');
    await page.getByLabel(texts.name).fill('Marco');
    await page.getByLabel(texts.subject).fill('Annullare Pro');
    await page.getByLabel(texts.message).fill('Come annullo Pro?');
    await expect.poll(() => storageKeys(page, 'sessionStorage')).toContain(siteStorage.contactDraft.name);
    await suggestionsSettled(page, 'Annullare Pro');
    await page.getByRole('button', { name: texts.send }).click();
    await expect(page.getByText(texts.sent)).toBeVisible();

    // An account email's link followed.
    const member = await createMember();
    await sendVerificationEmail(member);
    await page.goto(actionLink('verifyEmail', await mailedCode(member.email, 'VERIFY_EMAIL'), 'en'));
    await waitForApp(page);
    await expect.poll(() => storageKeys(page, 'localStorage')).toContain(siteStorage.usedEmailLinks.name);

    // A member signed in on the Account page (Auth keeps the sign-in in memory only), in the
    // language chosen above.
    const account = accountTexts.it;
    await open(page, localizedPath(paths.account, 'it'));
    await page.getByLabel(account.email, { exact: true }).fill(member.email);
    await page.getByLabel(account.password, { exact: true }).fill(member.password);
    await page.getByRole('button', { name: account.signIn }).click();
    await expect(page.getByText(account.signedInWith.password)).toBeVisible();

    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(names('cookie').sort());
    for (const cookie of cookies) {
      const item = listed.find((entry) => entry.kind === 'cookie' && entry.name === cookie.name);
      if (!item || !('days' in item.lifetime)) throw new Error(`${cookie.name} is not a cookie on the list`);
      // Lives as long as the list says, give or take the minutes this test took.
      const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
      expect(Math.abs(days - item.lifetime.days), cookie.name).toBeLessThan(0.1);
      expect(cookie.sameSite).toBe('Lax');
    }
    for (const kind of ['localStorage', 'sessionStorage'] as const) {
      const keys = await storageKeys(page, kind);
      for (const key of keys) expect(names(kind), `${kind} "${key}" is not on the list`).toContain(key);
    }
    // Nothing in IndexedDB, after the help centre's signals, a message sent (the outbox's
    // database went with the message it kept: config/storage.ts) and a member signed in
    // (Firebase's heartbeat stores nothing: web/src/firebase/app.ts).
    expect(await indexedDatabases(page)).toEqual([]);
    // The draft is gone once the message was sent.
    expect(await storageKeys(page, 'sessionStorage')).not.toContain(siteStorage.contactDraft.name);
    // The help centre's copy, in its two caches, kept by the one service worker the list names.
    await expect.poll(async () => (await cacheNames(page)).sort()).toEqual([helpPagesCache, helpPartsCache].sort());
    await expect.poll(() => serviceWorkers(page)).toEqual([new URL(siteStorage.helpCopy.name, page.url()).href]);
  },
);
