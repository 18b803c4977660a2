// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { useCallback } from 'react';
import { userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { languageCookie, type Language } from '../config/languages';
import { createI18n } from './i18n';
import {
  AddressMoverContext,
  switchLanguage,
  useLanguage,
  useSwitchLanguage,
  useTextsForEveryLanguage,
} from './language';
import { resources } from './resources';

function clearCookie() {
  document.cookie = `${languageCookie}=; Path=/; Max-Age=0`;
}
const savedChoice = () =>
  document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${languageCookie}=`));

describe('switchLanguage', () => {
  beforeEach(clearCookie);

  it('shows the language, saving the choice only when asked', async () => {
    const i18n = createI18n('en', { it: resources.it });
    await switchLanguage(i18n, 'it', { save: false });
    expect(i18n.resolvedLanguage).toBe('it');
    expect(document.documentElement.lang).toBe('it');
    expect(savedChoice()).toBeUndefined();
    await switchLanguage(i18n, 'en', { save: true });
    expect(savedChoice()).toBe(`${languageCookie}=en`);
  });

  it('loads the texts a shown part fetches per language before it changes language, and no more once it is gone', async () => {
    const i18n = createI18n('en', { it: resources.it });
    const asked: Language[] = [];
    let release: () => void = () => undefined;
    function Part() {
      useTextsForEveryLanguage(
        useCallback(async (language: Language) => {
          asked.push(language);
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }, []),
      );
      return null;
    }
    const { unmount } = render(<Part />);
    const switching = switchLanguage(i18n, 'it', { save: false });
    await waitFor(() => {
      expect(asked).toEqual(['it']);
    });
    expect(i18n.resolvedLanguage).toBe('en');
    release();
    await switching;
    expect(i18n.resolvedLanguage).toBe('it');
    unmount();
    await switchLanguage(i18n, 'en', { save: false });
    expect(asked).toEqual(['it']);
  });

  it('moves the address only when asked, once the texts are shown', async () => {
    const i18n = createI18n('en', { it: resources.it });
    const shownWhenMoved: string[] = [];
    const moveAddress = vi.fn(() => shownWhenMoved.push(i18n.t('nav.home')));
    await switchLanguage(i18n, 'it', { save: false });
    expect(moveAddress).not.toHaveBeenCalled();
    await switchLanguage(i18n, 'en', { save: false, moveAddress });
    await switchLanguage(i18n, 'it', { save: false, moveAddress });
    expect(moveAddress.mock.calls).toEqual([['en'], ['it']]);
    expect(shownWhenMoved).toEqual([resources.en.common.nav.home, resources.it.common.nav.home]);
  });
});

describe('useLanguage and useSwitchLanguage', () => {
  beforeEach(clearCookie);

  function Picker({ moveAddress }: { moveAddress: boolean }) {
    const language = useLanguage();
    const switchTo = useSwitchLanguage();
    return (
      <button type="button" onClick={() => void switchTo(language === 'en' ? 'it' : 'en', { save: true, moveAddress })}>
        {language}
      </button>
    );
  }

  it('render the language again when it changes, and move the address through the app’s mover', async () => {
    const i18n = createI18n('en', { it: resources.it });
    const mover = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <AddressMoverContext value={mover}>
          <Picker moveAddress />
        </AddressMoverContext>
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'en' }));
    expect(await screen.findByRole('button', { name: 'it' })).toBeTruthy();
    expect(mover).toHaveBeenCalledWith('it');
    expect(savedChoice()).toBe(`${languageCookie}=it`);
  });

  it('leave the address alone when not asked, or where no app moves it', async () => {
    const i18n = createI18n('en', { it: resources.it });
    const mover = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <AddressMoverContext value={mover}>
          <Picker moveAddress={false} />
        </AddressMoverContext>
        <Picker moveAddress />
      </I18nextProvider>,
    );
    const [inside, outside] = screen.getAllByRole('button', { name: 'en' });
    if (!inside || !outside) throw new Error('two pickers expected');
    await userEvent.click(inside);
    await userEvent.click(outside);
    expect(mover).not.toHaveBeenCalled();
    expect(i18n.resolvedLanguage).toBe('en');
  });
});
