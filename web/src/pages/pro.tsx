import { Fragment } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '../components/layout/page-header';
import { formatted } from '../config/formatted';
import { helpArticlePath, paths } from '../config/paths';
import { site } from '../config/site';
import { featureDays, hasFeature, planFeatureIds, withdrawalAnchor } from '../config/plan-features';
import { usePageTexts } from '../locales/pages';
import { usePlanTexts } from '../locales/plans';
import { useLanguage } from '../locales/language';

type Mark = boolean;

function MarkCell({ value }: { value: Mark }) {
  const { t } = usePageTexts();
  return (
    <td className={value ? 'mark mark--check' : 'mark mark--close'}>
      <span aria-hidden="true">{value ? '✓' : '✕'}</span>
      <span className="visually-hidden">{value ? t('pro.included') : t('pro.notIncluded')}</span>
    </td>
  );
}

/** What the renewal note links to, in its order. */
const renewalLinks = [
  ['cancel', helpArticlePath('cancel-pro')],
  ['refund', helpArticlePath('pro-refund')],
  ['withdrawal', `${paths.terms}#${withdrawalAnchor}`],
  ['terms', paths.terms],
] as const;

export default function ProPage() {
  const { t } = usePageTexts();
  return (
    <>
      <PageHeader title={t('pro.title', { product: site.productName })} />
      <div className="page">
        <Plans />
        <p className="plans__note">{t('pro.vatNote')}</p>
        <RenewalNote />
        <Comparison />
      </div>
    </>
  );
}

/** The plans side by side, each with its price and the way to the app. */
function Plans() {
  const { t } = usePageTexts();
  const { prices, yearlySaving } = formatted(useLanguage());
  const columns = [
    // The free plan's price with no period after it: the terms let what it includes change.
    { id: 'free', name: t('pro.free'), price: prices.free },
    { id: 'monthly', name: t('pro.monthly'), price: prices.proMonthly, period: t('pro.perMonth') },
    {
      id: 'yearly',
      name: t('pro.yearly'),
      price: prices.proYearly,
      period: t('pro.perYear'),
      saving: t('pro.save', { percent: yearlySaving }),
    },
  ];
  return (
    <ul className="plans" aria-label={t('pro.plans')}>
      {columns.map((column) => (
        <li key={column.id} className={`plan plan--${column.id}`}>
          <h2>{column.name}</h2>
          {column.saving ? <p className="plan__saving">{column.saving}</p> : null}
          <p className="plan__price">
            <strong>{column.price}</strong>
            {column.period ? <span> {column.period}</span> : null}
          </p>
          <Link href={paths.downloadApp} className="button">
            {t('pro.download')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a subscription is, before anyone buys: it renews until cancelled in the store (by when,
 * each store's rule, is in the article it links to). Plain links after the sentence:
 * react-i18next's Trans would add a part of 4.9 kB gzip to the first visit.
 */
function RenewalNote() {
  const { t } = usePageTexts();
  return (
    <p className="plans__note">
      {t('pro.renewal')}{' '}
      {renewalLinks.map(([key, href], index) => (
        <Fragment key={key}>
          {index > 0 ? ' · ' : null}
          <Link href={href}>{t(`pro.renewalLinks.${key}`)}</Link>
        </Fragment>
      ))}
    </p>
  );
}

/** What each plan includes, feature by feature. */
function Comparison() {
  const { t } = usePageTexts();
  const { t: featureText } = usePlanTexts();
  return (
    <table className="comparison">
      <caption>{t('pro.comparison')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('pro.feature')}</th>
          <th scope="col">{t('pro.free')}</th>
          <th scope="col">{t('pro.pro')}</th>
        </tr>
      </thead>
      <tbody>
        {planFeatureIds.map((id) => (
          <tr key={id}>
            <th scope="row">{featureText(`features.${id}`, { days: featureDays(id) })}</th>
            <MarkCell value={hasFeature(id, 'free')} />
            <MarkCell value={hasFeature(id, 'pro')} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
