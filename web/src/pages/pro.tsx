import { Link } from 'wouter';
import { PageHeader } from '../components/layout/page-header';
import { forecastDays } from '../config/constants';
import { formatted } from '../config/formatted';
import { paths } from '../config/paths';
import { site } from '../config/site';
import type enPages from '../locales/en/pages.json';
import { usePageTexts } from '../locales/pages';
import { useLanguage } from '../locales/language';

type Mark = boolean;
type Row = { key: keyof typeof enPages.pro.rows; days?: number; free: Mark; pro: Mark };

/** The plan comparison: which plan has what (specification, section 9). */
const comparison: readonly Row[] = [
  { key: 'forecastPro', days: forecastDays.pro, free: false, pro: true },
  { key: 'forecastFree', days: forecastDays.free, free: true, pro: true },
  { key: 'ads', free: true, pro: false },
  { key: 'badge', free: false, pro: true },
  { key: 'catchLogsOnMap', free: false, pro: true },
  { key: 'catchesOnMap', free: false, pro: true },
];

function MarkCell({ value }: { value: Mark }) {
  const { t } = usePageTexts();
  return (
    <td className={value ? 'mark mark--check' : 'mark mark--close'}>
      <span aria-hidden="true">{value ? '✓' : '✕'}</span>
      <span className="visually-hidden">{value ? t('pro.included') : t('pro.notIncluded')}</span>
    </td>
  );
}

export default function ProPage() {
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
    <>
      <PageHeader title={t('pro.title', { product: site.productName })} />
      <div className="page">
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
            {comparison.map((row) => (
              <tr key={row.key}>
                <th scope="row">{t(`pro.rows.${row.key}`, { days: row.days })}</th>
                <MarkCell value={row.free} />
                <MarkCell value={row.pro} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
