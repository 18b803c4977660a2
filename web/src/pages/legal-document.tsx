import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { searchShownFrom, searchWordsKept } from '@contracts/search-kept';
import { contactPictureLimits } from '../config/contact-picture';
import { PageHeader } from '../components/layout/page-header';
import { minimumAge, termsNoticeDays } from '../config/constants';
import { operatorValues } from '../config/operator';
import { site } from '../config/site';
import { accountValues } from '../config/account';
import { formatCount, formatted } from '../config/formatted';
import { localizedPath, paths } from '../config/paths';
import { withdrawalAnchor } from '../config/plan-features';
import { siteStorage, type StoredItem } from '../config/storage';
import { PlanFeatureLists } from '../components/plans/plan-feature-lists';
import { ProcessorList } from '../components/legal/processor-list';
import { adConsent, adProviders } from '../config/processors';
import { reducedServiceEndDays, storePlaces, storeRules, withdrawalDays, withdrawalRefundDays } from '../config/stores';
import { useLegalTexts } from '../locales/legal';
import { useLanguage } from '../locales/language';
import type { Language } from '../config/languages';
import type { LegalDocumentName } from '../../build/legal-texts';

/** A legal text: title, date, introduction, contents and numbered sections. */
export function LegalDocument({ document }: { document: 'privacy' | 'terms' }) {
  const { t: common } = useTranslation();
  const language = useLanguage();
  const { t } = useLegalTexts(document);
  const values = legalValues(language);
  const date = formatted(language).legalTextsUpdated;
  const intro = t(`${document}.intro`, { ...values, returnObjects: true });
  const sections = t(`${document}.sections`, { ...values, returnObjects: true });
  // The terms' section on withdrawal has an anchor the plans page links to; the others are numbered.
  const anchor = (index: number) => {
    const section = sections[index];
    return section && 'id' in section && section.id === withdrawalAnchor
      ? withdrawalAnchor
      : `${document}-${String(index + 1)}`;
  };
  useScrollToAnchor();

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
        <Contents document={document} heading={common('legal.contents')} sections={sections} anchor={anchor} />
        {sections.map((section, index) => (
          <LegalSection key={section.heading} section={section} anchor={anchor(index)} values={values} />
        ))}
      </div>
    </article>
  );
}

/** The values the legal texts fill in, from config and in `language`. */
function legalValues(language: Language) {
  return {
    product: site.productName,
    email: site.supportEmail,
    // The operator's legal facts (config/site.ts, art. 2250 of the Civil Code).
    ...operatorValues(),
    privacyEmail: site.company.dataProtectionEmail,
    age: minimumAge,
    days: termsNoticeDays,
    // What of a help search is kept, and when the team is shown it (contracts/help-signal.ts).
    searchWords: searchWordsKept,
    searchHours: searchShownFrom.hours,
    searchDays: searchShownFrom.days,
    // The longest side of the copy of a contact message's picture that the browser sends.
    pictureSide: formatCount(language, contactPictureLimits.maxSidePx),
    // The stores' rules and the consumer's right of withdrawal (config/stores.ts).
    refundHours: storeRules.googlePlayRefundHours,
    cancelHours: storeRules.appleCancelBeforeHours,
    withdrawalDays,
    withdrawalRefundDays,
    changeDays: reducedServiceEndDays,
    appleRefunds: storePlaces.appleRefunds,
    // The free plan's advertising providers (config/processors.ts), each with its privacy policy.
    adProviders: new Intl.ListFormat(language, { type: 'conjunction' }).format(
      adProviders.map(({ name, privacyPolicy }) => `${name} (${privacyPolicy})`),
    ),
    // The app's consent tool for ads and where a member changes the choice.
    consentTool: adConsent.tool,
    adChoicesPath: adConsent.choicesPath[language],
    // Every retention period (config/retention.ts) and what deletion means (config/account.ts).
    ...accountValues(language),
    accountUrl: `${site.origin}${localizedPath(paths.account, language)}`,
    // The one channel for refunds and cancellations, as the help says it.
    supportUrl: `${site.origin}${localizedPath(paths.support, language)}`,
  };
}

/** A numbered section of a legal text, as the texts give it; `id` names a list written from config. */
type Section = {
  heading: string;
  paragraphs: readonly string[];
  items: readonly string[];
  id?: string;
  more?: readonly string[];
};

/** The document's contents: a link to each section. */
function Contents({
  document,
  heading,
  sections,
  anchor,
}: {
  document: LegalDocumentName;
  heading: string;
  sections: readonly Section[];
  anchor: (index: number) => string;
}) {
  return (
    <nav className="legal__contents" aria-labelledby={`${document}-contents`}>
      <h2 id={`${document}-contents`}>{heading}</h2>
      <ol>
        {sections.map((section, index) => (
          <li key={section.heading}>
            <a href={`#${anchor(index)}`}>{section.heading}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A section: its heading, paragraphs and items, then the list from config it names and its last paragraphs. */
function LegalSection({ section, anchor, values }: { section: Section; anchor: string; values: TextValues }) {
  return (
    <section aria-labelledby={anchor}>
      <h2 id={anchor}>{section.heading}</h2>
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
      {'id' in section && section.id ? <SectionList id={section.id} values={values} /> : null}
      {'more' in section ? section.more?.map((paragraph: string) => <p key={paragraph}>{paragraph}</p>) : null}
    </section>
  );
}

/**
 * A page opened at one of its sections (`/terms#withdrawal`, from a link on another page of the
 * site) shows that section: the browser does it for a page it loads, not for one the router
 * renders after a click.
 */
function useScrollToAnchor() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) window.document.getElementById(id)?.scrollIntoView();
  }, []);
}

type TextValues = Record<string, string | number>;

/** The list a section shows after its paragraphs, written from config, by the section's id. */
const sectionLists = {
  cookies: StorageList,
  plans: PlanFeatureLists,
  processors: ProcessorList,
  withdrawal: WithdrawalForm,
} as const;

function SectionList({ id, values }: { id: string; values: TextValues }) {
  // Every list may use the document's values; most of them are written from config alone.
  const List = sectionLists[id as keyof typeof sectionLists] as
    ((props: { values: TextValues }) => React.JSX.Element) | undefined;
  if (!List) throw new Error(`A legal section names the list "${id}", which does not exist.`);
  return <List values={values} />;
}

/**
 * The model withdrawal form (Codice del consumo, Annex I part B), addressed to the operator
 * from config: a member may copy it into an email or print it.
 */
function WithdrawalForm({ values }: { values: TextValues }) {
  const { t } = useLegalTexts('terms');
  const lines = t('terms.withdrawalForm.lines', { ...values, returnObjects: true });
  return (
    <section className="legal__form" aria-labelledby="withdrawal-form">
      <h3 id="withdrawal-form">{t('terms.withdrawalForm.heading')}</h3>
      <p>{t('terms.withdrawalForm.note')}</p>
      <div className="legal__form-text">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </section>
  );
}

/**
 * The privacy policy's list of what the site keeps in the browser, drawn from
 * config/storage.ts: each item's name, kind, purpose and lifetime (a list of name and value
 * pairs, which reflows to any width, rather than a table).
 */
function StorageList() {
  const { t } = useLegalTexts('privacy');
  const lifetime = (item: StoredItem) =>
    'days' in item.lifetime
      ? t('privacy.storage.lifetimes.days', { count: item.lifetime.days })
      : t(`privacy.storage.lifetimes.${item.lifetime.until}`, { entries: item.entries });
  return (
    <>
      <h3>{t('privacy.storage.caption')}</h3>
      {(Object.keys(siteStorage) as Array<keyof typeof siteStorage>).map((id) => {
        const item: StoredItem = siteStorage[id];
        return (
          <dl key={id} className="legal__stored">
            <dt>{t('privacy.storage.columns.name')}</dt>
            <dd>
              <code>{item.name}</code>
            </dd>
            <dt>{t('privacy.storage.columns.kind')}</dt>
            <dd>{t(`privacy.storage.kinds.${item.kind}`)}</dd>
            <dt>{t('privacy.storage.columns.purpose')}</dt>
            <dd>{t(`privacy.storage.purposes.${id}`)}</dd>
            <dt>{t('privacy.storage.columns.lifetime')}</dt>
            <dd>{lifetime(item)}</dd>
          </dl>
        );
      })}
    </>
  );
}
