import { describe, expect, it } from 'vitest';
import { parseActionLink, safeContinueUrl } from './action-link';

const origins = ['https://fishingapp.example.com', 'http://127.0.0.1:5000'];
const code = 'AbC-123_xyz';

describe('parseActionLink', () => {
  it('reads an action link as Firebase writes it', () => {
    const search = `?mode=resetPassword&oobCode=${code}&apiKey=AIzaKey_1&continueUrl=${encodeURIComponent('https://fishingapp.example.com/email-verification?x=1')}&lang=it`;
    expect(parseActionLink(search, origins)).toEqual({
      kind: 'action',
      mode: 'resetPassword',
      code,
      continueUrl: 'https://fishingapp.example.com/email-verification?x=1',
      language: 'it',
    });
  });

  it('is no action without mode and code (the app’s continue address)', () => {
    expect(parseActionLink('', origins)).toEqual({ kind: 'none' });
    expect(parseActionLink('?utm_source=app', origins)).toEqual({ kind: 'none' });
  });

  it.each([
    ['an unknown mode', `?mode=signIn&oobCode=${code}`],
    ['no code', '?mode=verifyEmail'],
    ['an empty code', '?mode=verifyEmail&oobCode='],
    ['a code with markup', '?mode=verifyEmail&oobCode=%3Cscript%3E'],
    ['a code too long', `?mode=verifyEmail&oobCode=${'a'.repeat(513)}`],
    ['a code without mode', `?oobCode=${code}`],
  ])('is broken with %s', (_, search) => {
    expect(parseActionLink(search, origins)).toEqual({ kind: 'broken' });
  });

  it('takes the language from lang when the site speaks it, in any case or region', () => {
    const language = (lang: string) => {
      const link = parseActionLink(`?mode=verifyEmail&oobCode=${code}&lang=${lang}`, origins);
      return link.kind === 'action' ? link.language : 'not an action';
    };
    expect(language('it')).toBe('it');
    expect(language('it-IT')).toBe('it');
    expect(language('IT_it')).toBe('it');
    expect(language('en')).toBe('en');
    expect(language('de')).toBeUndefined();
  });

  it("never takes the link's API key: the page uses the build's", () => {
    for (const apiKey of ['AIzaOtherProject_1', '%22%3E%3Cb%3E']) {
      const link = parseActionLink(`?mode=verifyEmail&oobCode=${code}&apiKey=${apiKey}`, origins);
      expect(link).toEqual({ kind: 'action', mode: 'verifyEmail', code });
    }
  });
});

describe('safeContinueUrl', () => {
  it('keeps the site’s own addresses', () => {
    expect(safeContinueUrl('https://fishingapp.example.com/account', origins)).toBe(
      'https://fishingapp.example.com/account',
    );
    expect(safeContinueUrl('http://127.0.0.1:5000/it/email-verification', origins)).toBe(
      'http://127.0.0.1:5000/it/email-verification',
    );
  });

  it.each([
    'https://evil.example.net/',
    'https://fishingapp.example.com.evil.net/',
    'https://user:pass@fishingapp.example.com/',
    'javascript:alert(1)',
    'data:text/html,hi',
    '//evil.example.net',
    '/relative',
    '',
  ])('refuses %s', (value) => {
    expect(safeContinueUrl(value, origins)).toBeUndefined();
  });
});
