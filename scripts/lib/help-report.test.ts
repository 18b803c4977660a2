import { describe, expect, it } from 'vitest';
import { ArgsError } from './operator-command.ts';
import { helpSiteFacts, parseHelpReportArgs } from './help-report.ts';
import { reportLinks, topicIn } from '../../functions/src/help-report/site-facts.ts';
import { site } from '../../web/src/config/site.ts';

const keepDays = 35;

describe('npm run help:report’s arguments', () => {
  it('reads the project and how far back, a week when not given', () => {
    expect(parseHelpReportArgs(['--project', 'p1'], keepDays)).toEqual({
      project: 'p1',
      sinceMs: 7 * 86_400_000,
      html: false,
    });
    expect(parseHelpReportArgs(['--project', 'p1', '--since', '36h', '--html'], keepDays)).toEqual({
      project: 'p1',
      sinceMs: 36 * 3_600_000,
      html: true,
    });
  });

  it.each([
    [[]],
    [['--project', '']],
    [['--project', 'p1', '--since', 'a week']],
    [['--project', 'p1', '--since', '36d']],
    [['--project', 'p1', '--since', '0h']],
    [['--project', 'p1', '--until', '2d']],
  ])('refuses %j before reading anything', (argv) => {
    expect(() => parseHelpReportArgs(argv, keepDays)).toThrow(ArgsError);
  });
});

describe('what the report takes from the site’s config', () => {
  const siteLinks = reportLinks(helpSiteFacts());
  const topicOf = topicIn(helpSiteFacts());
  it('links an article, and a search in its language’s pages', () => {
    expect(siteLinks.article('cancel-pro')).toBe(`${site.origin}/help/cancel-pro`);
    expect(siteLinks.search('reel oil', 'en')).toBe(`${site.origin}/help?q=reel+oil`);
    expect(siteLinks.search('mulinello d’olio', 'it')).toBe(`${site.origin}/it/help?q=mulinello+d%E2%80%99olio`);
    // A language the site does not have (the rules take any two letters): the English pages.
    expect(siteLinks.search('reel', 'fr')).toBe(`${site.origin}/help?q=reel`);
  });

  it('knows each article’s topic', () => {
    expect(topicOf('cancel-pro')).toBe('pro');
    expect(topicOf('reset-password')).toBe('account');
    expect(topicOf('offline-maps')).toBeUndefined();
    expect(topicOf('constructor')).toBeUndefined();
  });
});
