import { memo, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRouter } from 'wouter';
import { useLanguage, useSwitchLanguage } from '../../locales/language';
import { timings } from '../../config/constants';
import { languages, toLanguage } from '../../config/languages';
import { homeHref, paths } from '../../config/paths';
import { site } from '../../config/site';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import { useValueBeforeStart } from '../../hooks/use-value-before-start';

const links = [
  { to: paths.home, key: 'nav.home' },
  { to: paths.features, key: 'nav.features' },
  { to: paths.downloadApp, key: 'nav.downloadApp' },
] as const;

const linkClass = (active: boolean) => (active ? 'nav-link nav-link--active' : 'nav-link');

export function NavBar() {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(timings.navScrollThresholdPx);
  const [location] = useLocation();
  const home = homeHref(useRouter().base);
  // The menu is open on the page where it was opened: going to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location;
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  return (
    <header className={`nav-bar${scrolled || menuOpen ? ' nav-bar--solid' : ''}`} data-testid="nav-bar">
      <Link href={home} className="nav-bar__logo">
        <img src="/logo.svg" alt="" width="36" height="36" />
        <span>{site.productName}</span>
      </Link>
      <button
        type="button"
        className="nav-bar__toggle"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={() => {
          setOpenOn(menuOpen ? null : location);
        }}
      >
        <span className="nav-bar__toggle-icon" aria-hidden="true" />
        <span className="visually-hidden">{t('nav.menu')}</span>
      </button>
      <nav aria-label={t('nav.mainNavigation')} id={menuId} className={`nav-bar__menu${menuOpen ? ' is-open' : ''}`}>
        <NavLinks home={home} location={location} />
      </nav>
      <LanguagePicker />
    </header>
  );
}

// The links and the language picker change only with the page and the language: scrolling
// past the top (the bar turns solid) or opening the menu re-renders the bar without them.
const NavLinks = memo(function NavLinks({ home, location }: { home: string; location: string }) {
  const { t } = useTranslation();
  return (
    <ul className="nav-bar__links">
      {links.map(({ to, key }) => (
        <li key={to}>
          <Link
            href={to === paths.home ? home : to}
            className={linkClass(location === to)}
            aria-current={location === to ? 'page' : undefined}
          >
            {t(key)}
          </Link>
        </li>
      ))}
    </ul>
  );
});

const LanguagePicker = memo(function LanguagePicker() {
  const { t } = useTranslation();
  const current = useLanguage();
  const switchTo = useSwitchLanguage();
  const choose = (value: string) => void switchTo(toLanguage(value), { save: true, moveAddress: true });
  // A language chosen before the app ran is switched to once it runs.
  const picker = useValueBeforeStart<HTMLSelectElement>(current, choose);
  return (
    <label className="nav-bar__language">
      <span className="visually-hidden">{t('nav.language')}</span>
      <select
        ref={picker}
        value={current}
        onChange={(event) => {
          choose(event.target.value);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
});
