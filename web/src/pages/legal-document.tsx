import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/page-header';
import { minimumAge, supportMessageRetentionMonths, termsNoticeDays } from '../config/constants';
import { site } from '../config/site';
import { accountValues } from '../config/account';
import { formatted } from '../config/formatted';
import { toLanguage, type Language } from '../config/languages';
import { localizedPath, paths } from '../config/paths';
import { useLegalTexts } from '../locales/legal';

/** A legal text: title, date, introduction, contents and numbered sections. */
export function LegalDocument({ document }: { document: 'privacy' | 'terms' }) {
  const { t: common, i18n } = useTranslation();
  const { t } = useLegalTexts();
  const values = {
    product: site.productName,
    operator: site.operatorName,
    vat: site.vatNumber,
    email: site.supportEmail,
    age: minimumAge,
    days: termsNoticeDays,
    supportMonths: supportMessageRetentionMonths,
    // The retention periods the Account page states too (config/account.ts).
    ...accountValues(i18n.language as Language),
    accountUrl: `${site.origin}${localizedPath(paths.account, i18n.language as Language)}`,
  };
  const date = formatted(toLanguage(i18n.language)).legalTextsUpdated;
  const intro = t(`${document}.intro`, { ...values, returnObjects: true });
  const sections = t(`${document}.sections`, { ...values, returnObjects: true });
  const anchor = (index: number) => `${document}-${String(index + 1)}`;

  // The whole text is one article, its title and date included: the h1 in the header band is
  // the article's heading (the contents and the sections have headings of their own, nested).
  return (
    <article>
      <PageHeader title={t(`${document}.title`)}>
        <p>{t(`${document}.updated`, { date })}</p>
      </PageHeader>
      <div className="page page--narrow legal">
        {intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <nav className="legal__contents" aria-labelledby={`${document}-contents`}>
          <h2 id={`${document}-contents`}>{common('legal.contents')}</h2>
          <ol>
            {sections.map((section, index) => (
              <li key={section.heading}>
                <a href={`#${anchor(index)}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={anchor(index)}>
            <h2 id={anchor(index)}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items.length > 0 && (
              <ul>
                {section.items.map((item: string) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
