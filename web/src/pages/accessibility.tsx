import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { AccessibilityChecks } from '../../build/accessibility-checks';
import { PageHeader } from '../components/layout/page-header';
import { accessibilityStatement, type AccessibilityStatement } from '../config/accessibility-statement';
import { barrierAnswerWorkingDays } from '../config/constants';
import type { Language } from '../config/languages';
import { site } from '../config/site';
import { useAccessibilityTexts } from '../locales/accessibility';
import { useLanguage } from '../locales/language';
import { contactLink } from '../visit/contact-link';

/**
 * The accessibility statement, in the order of AgID's model for services under D.Lgs. 82/2022:
 * conformance status, content that is not accessible (non-compliance, disproportionate burden,
 * out of scope), how it was prepared (dates, method, the test suite's checks as the build states
 * them: build/accessibility-checks.ts), feedback and contact, and the enforcement procedure.
 * The facts are config/accessibility-statement.ts's.
 */
/** What the statement's facts list (config/accessibility-statement.ts), or the sentence saying there is none. */
function StatedItems({
  items,
  none,
  some,
}: {
  items: ReadonlyArray<Record<Language, string>>;
  none: string;
  some: string;
}) {
  const language = useLanguage();
  if (items.length === 0) return <p>{none}</p>;
  return (
    <>
      <p>{some}</p>
      <ul>
        {items.map((item) => (
          <li key={item.en}>{item[language]}</li>
        ))}
      </ul>
    </>
  );
}

export default function AccessibilityPage() {
  return <AccessibilityStatementView built={__ACCESSIBILITY__} statement={accessibilityStatement} />;
}

type ViewProps = { built: AccessibilityChecks; statement: AccessibilityStatement };

/** The statement for the given checks and facts (the tests give others than this build's). */
export function AccessibilityStatementView({ built, statement }: ViewProps) {
  const { t } = useAccessibilityTexts();
  const product = site.productName;
  const standard = t('accessibility.standard', statement.standard);
  return (
    <>
      <PageHeader title={t('accessibility.title')} />
      <div className="page page--narrow legal">
        <p>{t('accessibility.intro', { operator: site.operatorName, product, origin: site.origin })}</p>
        {statement.reliesOnMicroenterpriseExemption && (
          <p>{t('accessibility.microenterprise', { operator: site.operatorName, law: statement.law.name })}</p>
        )}

        <section aria-labelledby="accessibility-status">
          <h2 id="accessibility-status">{t('accessibility.statusTitle')}</h2>
          <p>{t(`accessibility.status.${statement.status}`, { standard })}</p>
        </section>

        <ContentSection statement={statement} />
        <PreparationSection built={built} />
        <ReportSection />
        <EnforcementSection built={built} statement={statement} />
      </div>
    </>
  );
}

/** Content that is not accessible: non-compliance, disproportionate burden, out of scope. */
function ContentSection({ statement }: Pick<ViewProps, 'statement'>) {
  const { t } = useAccessibilityTexts();
  const language = useLanguage();
  return (
    <section aria-labelledby="accessibility-content">
      <h2 id="accessibility-content">{t('accessibility.contentTitle')}</h2>

      <section aria-labelledby="accessibility-non-compliance">
        <h3 id="accessibility-non-compliance">{t('accessibility.nonComplianceTitle')}</h3>
        <StatedItems
          items={statement.nonCompliance}
          none={t('accessibility.nonComplianceNone')}
          some={t('accessibility.nonComplianceKnown')}
        />
        <p>{t('accessibility.untestedIntro')}</p>
        <ul>
          {t('accessibility.untested', { returnObjects: true }).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="accessibility-burden">
        <h3 id="accessibility-burden">{t('accessibility.burdenTitle')}</h3>
        <StatedItems
          items={statement.disproportionateBurden}
          none={t('accessibility.burdenNone')}
          some={t('accessibility.burdenClaimed')}
        />
      </section>

      <section aria-labelledby="accessibility-out-of-scope">
        <h3 id="accessibility-out-of-scope">{t('accessibility.outOfScopeTitle')}</h3>
        <ul>
          <li>{t('accessibility.thirdParty')}</li>
          <li>
            {t(`accessibility.proSale.${statement.reliesOnMicroenterpriseExemption ? 'exempt' : 'statement'}`, {
              product: site.productName,
              appStatementPath: statement.appStatementPath[language],
            })}
          </li>
        </ul>
      </section>
    </section>
  );
}

/** How the statement was prepared: its dates, the method, and the checks the build ran. */
function PreparationSection({ built }: Pick<ViewProps, 'built'>) {
  const { t } = useAccessibilityTexts();
  const language = useLanguage();
  const { checks, addresses, templates, lastGreenRun, dates } = built;
  return (
    <section aria-labelledby="accessibility-preparation">
      <h2 id="accessibility-preparation">{t('accessibility.preparationTitle')}</h2>
      <p>{t('accessibility.dates', { prepared: dates.prepared[language], reviewed: dates.reviewed[language] })}</p>
      <p>{t('accessibility.method')}</p>

      <section aria-labelledby="accessibility-checks">
        <h3 id="accessibility-checks">{t('accessibility.checksTitle')}</h3>
        <p>{t('accessibility.checksIntro', { addresses, templates })}</p>
        <ul>
          {checks.map((check) => (
            <li key={check.id}>{t(`accessibility.checks.${check.id}`, { version: check.version ?? '' })}</li>
          ))}
        </ul>
        {/* A build with no recorded green run states the checks without a date. */}
        {lastGreenRun && (
          <p>{t('accessibility.lastRun', { date: lastGreenRun.date[language], commit: lastGreenRun.commit })}</p>
        )}
      </section>
    </section>
  );
}

/** Feedback and contact: how to report a barrier, and within how many working days the answer comes. */
function ReportSection() {
  const { t } = useAccessibilityTexts();
  const contact = contactLink(t('accessibility.contactSubject'));
  return (
    <section aria-labelledby="accessibility-report">
      <h2 id="accessibility-report">{t('accessibility.reportTitle')}</h2>
      <p>
        <Trans
          t={t}
          i18nKey="accessibility.report"
          values={{ email: site.supportEmail, days: barrierAnswerWorkingDays }}
          components={{
            contact: <Link href={contact} />,
            email: <a href={`mailto:${site.supportEmail}`} />,
          }}
        />
      </p>
    </section>
  );
}

/** The enforcement procedure: the law, and the authority to turn to when the answer does not come. */
function EnforcementSection({ built, statement }: ViewProps) {
  const { t } = useAccessibilityTexts();
  const language = useLanguage();
  return (
    <section aria-labelledby="accessibility-enforcement">
      <h2 id="accessibility-enforcement">{t('accessibility.enforcementTitle')}</h2>
      <p>{t('accessibility.law', { law: statement.law.name, date: built.dates.lawAppliesSince[language] })}</p>
      <p>
        <Trans
          t={t}
          i18nKey="accessibility.enforcement"
          values={{ days: barrierAnswerWorkingDays, pec: statement.authority.pec }}
          components={{
            agid: <a href={statement.authority.reportForm} />,
            pec: <a href={`mailto:${statement.authority.pec}`} />,
          }}
        />
      </p>
    </section>
  );
}
