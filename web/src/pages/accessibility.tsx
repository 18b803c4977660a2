import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import { PageHeader } from '../components/layout/page-header';
import { barrierAnswerWorkingDays } from '../config/constants';
import { paths } from '../config/paths';
import { site } from '../config/site';
import { useAccessibilityTexts } from '../locales/accessibility';
import { useLanguage } from '../locales/language';

/**
 * The accessibility statement: the standard aimed at, the checks every page passes (stated from
 * the test suite by the build: build/accessibility-checks.ts), known limitations, and how to
 * report a barrier.
 */
export default function AccessibilityPage() {
  const { t } = useAccessibilityTexts();
  const language = useLanguage();
  const { checks, addresses, templates, lastGreenRun } = __ACCESSIBILITY__;
  const values = { operator: site.operatorName, product: site.productName, origin: site.origin };
  const subject = encodeURIComponent(t('accessibility.contactSubject'));
  return (
    <>
      <PageHeader title={t('accessibility.title')} />
      <div className="page page--narrow legal">
        <p>{t('accessibility.intro', values)}</p>

        <section aria-labelledby="accessibility-standard">
          <h2 id="accessibility-standard">{t('accessibility.standardTitle')}</h2>
          <p>{t('accessibility.standard')}</p>
        </section>

        <section aria-labelledby="accessibility-checks">
          <h2 id="accessibility-checks">{t('accessibility.checksTitle')}</h2>
          <p>{t('accessibility.checksIntro', { addresses, templates })}</p>
          <ul>
            {checks.map((check) => (
              <li key={check.id}>{t(`accessibility.checks.${check.id}`, { version: check.version ?? '' })}</li>
            ))}
          </ul>
          <p>
            {lastGreenRun
              ? t('accessibility.lastRun', { date: lastGreenRun.date[language], commit: lastGreenRun.commit })
              : t('accessibility.noRun')}
          </p>
        </section>

        <section aria-labelledby="accessibility-limits">
          <h2 id="accessibility-limits">{t('accessibility.limitsTitle')}</h2>
          <ul>
            {t('accessibility.limits', { returnObjects: true }).map((limit) => (
              <li key={limit}>{limit}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="accessibility-report">
          <h2 id="accessibility-report">{t('accessibility.reportTitle')}</h2>
          <p>
            <Trans
              t={t}
              i18nKey="accessibility.report"
              values={{ email: site.supportEmail, days: barrierAnswerWorkingDays }}
              components={{ contact: <Link href={`${paths.support}?subject=${subject}`} /> }}
            />
          </p>
          <p>{t('accessibility.authority')}</p>
        </section>
      </div>
    </>
  );
}
