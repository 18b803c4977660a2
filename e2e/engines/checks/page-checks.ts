import { join } from 'node:path';
import { it } from 'vitest';
import { languages } from '../../../web/src/config/languages.ts';
import { localizedPath, paths } from '../../../web/src/config/paths.ts';
import { everyPath } from '../../../web/src/config/site-pages.ts';
import { browserRouteNames } from '../../support/addresses.ts';
import { headings, screenshotName } from '../../support/texts.ts';
import type { EngineSession } from '../session.ts';
import { chooseLanguage, expectNoBrokenImageOrError, open } from '../steps.ts';

// Every template, and the day's sample of the pages that share one (support/addresses.ts).
const routeNames = browserRouteNames();

/** Every page in both languages, and the not-found page in each: a check a page. */
export function pageChecks(session: EngineSession): void {
  for (const language of languages) {
    for (const name of [...routeNames, 'notFound' as const]) {
      const path =
        name === 'notFound'
          ? localizedPath(paths.home, language).replace(/\/?$/, '/no/such/page')
          : localizedPath(everyPath[name], language);
      it(`${path} renders in ${language}, starts, shows every image at both widths, raises no error`, async () => {
        const { page, screenshots } = session;
        // Hosting picks the not-found page by the visitor's language, as the language
        // selector saves it (the browsers here prefer English).
        if (name === 'notFound') await chooseLanguage(page, language);
        try {
          await open(page, path, language, headings[name][language]);
          await expectNoBrokenImageOrError(page, path);
          await page.screenshot(join(screenshots, `${screenshotName(language, name)}.png`));
          // The same page at a phone's width (WebKitGTK's window stops at about 450 px).
          await page.setWidth(390, 844);
          await expectNoBrokenImageOrError(page, `${path} (phone width)`);
          await page.screenshot(join(screenshots, `${screenshotName(language, name)}-phone.png`));
        } finally {
          await page.setWidth(1280, 800);
          if (name === 'notFound') await chooseLanguage(page, undefined);
        }
      });
    }
  }
}
