import { useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { formatCount } from '../../config/formatted';
import { operatorValues } from '../../config/operator';
import { site } from '../../config/site';
import { StoreBadges } from '../store/store-badge';
import { useFooterTexts } from '../../locales/footer';
import { useLanguage } from '../../locales/language';

const socialIcons = {
  facebook:
    'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z',
  instagram:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 4.6c2.4 0 2.7 0 3.6.1 2.4.1 3.6 1.3 3.7 3.7v7.2c-.1 2.4-1.3 3.6-3.7 3.7H8.4c-2.5-.1-3.6-1.3-3.7-3.7V8.4c.1-2.4 1.2-3.6 3.7-3.7h3.6zM12 3c-2.4 0-2.8 0-3.7.1C5 3.2 3.2 5 3.1 8.3V15.7c.1 3.3 1.9 5.1 5.2 5.2h7.4c3.3-.1 5.1-1.9 5.2-5.2V8.3C20.8 5 19 3.2 15.7 3.1H12z',
} as const;

const noSubscription = () => () => undefined;

/**
 * The year for the copyright line: the build's in the prerendered page (so the page hydrates
 * without a mismatch after New Year), the current one once the app runs.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

/** Every page's footer: its own script part, with its texts, hydrated when it nears the screen. */
export default function Footer() {
  const { t } = useFooterTexts();
  const language = useLanguage();
  const year = useCurrentYear();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <ul className="footer__social" aria-label={t('social')}>
          {(['facebook', 'instagram'] as const).map((network) => (
            <li key={network}>
              <a href={site.social[network]} target="_blank" rel="noopener noreferrer">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path d={socialIcons[network]} fill="currentColor" />
                </svg>
                <span className="visually-hidden">{t(network)}</span>
              </a>
            </li>
          ))}
        </ul>
        <ul className="footer__links">
          <li>
            <Link href={paths.pro}>{t('plans')}</Link>
          </li>
          <li>
            <Link href={paths.privacy}>{t('privacy')}</Link>
          </li>
          <li>
            <Link href={paths.terms}>{t('terms')}</Link>
          </li>
          <li>
            <Link href={paths.help}>{t('help')}</Link>
          </li>
          <li>
            <Link href={paths.accessibility}>{t('accessibility')}</Link>
          </li>
          <li>
            <Link href={paths.support}>{t('contact')}</Link>
          </li>
        </ul>
        <StoreBadges />
        <p className="footer__copyright">
          {t('copyright', { from: site.firstCopyrightYear, to: year, operator: site.operatorName })}
          <br />
          {t('legal', operatorValues())}
          {site.company.shareCapitalEuro === undefined
            ? null
            : ` · ${t('capital', { amount: formatCount(language, site.company.shareCapitalEuro) })}`}
          <br />
          {/* How to reach the operator (art. 7 of D.Lgs. 70/2003): its email address and its PEC. */}
          {t('email')} <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a> · {t('pec')}{' '}
          <a href={`mailto:${site.company.pec}`}>{site.company.pec}</a>
        </p>
      </div>
    </footer>
  );
}
