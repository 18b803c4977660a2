import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { chooseLanguage } from '../../app/i18n';
import { languages, toLanguage } from '../../config/languages';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

const links = [
  { to: paths.home, key: 'nav.home' },
  { to: paths.features, key: 'nav.features' },
  { to: paths.downloadApp, key: 'nav.downloadApp' },
] as const;

export function NavBar() {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage);

  return (
    <header className="nav-bar">
      <Link href={paths.home} className="nav-bar__logo">
        {site.productName}
      </Link>
      <nav aria-label={t('nav.mainNavigation')}>
        <ul className="nav-bar__links">
          {links.map(({ to, key }) => (
            <li key={to}>
              <Link href={to} className={(active) => (active ? 'nav-link nav-link--active' : 'nav-link')}>
                {t(key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <label className="nav-bar__language">
        <span className="visually-hidden">{t('nav.language')}</span>
        <select value={current} onChange={(event) => void chooseLanguage(i18n, toLanguage(event.target.value))}>
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}
