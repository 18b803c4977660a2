import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/page-header';
import { StoreBadge } from '../components/store/store-badge';
import { useStoreOrder } from '../components/store/use-store-order';
import { QrCode } from '../components/store/qr-code';
import { usePageTexts } from '../locales/pages';

export default function DownloadAppPage() {
  const { t } = usePageTexts();
  const { t: common } = useTranslation();
  const order = useStoreOrder();
  return (
    <>
      <PageHeader title={t('download.title')}>
        <p>{t('download.intro')}</p>
      </PageHeader>
      <div className="page download">
        {order.map((store) => (
          <section key={store} className="download__entry" aria-labelledby={`download-${store}`}>
            <h2 id={`download-${store}`}>{common(`stores.${store}.store`)}</h2>
            <StoreBadge store={store} />
            {/* Hidden on phones by the stylesheet alone, so the prerendered page never shifts. */}
            <div className="download__scan">
              <p className="download__or">{t('download.or')}</p>
              <figure className="download__qr">
                <QrCode store={store} title={t('download.qrTitle', { store: common(`stores.${store}.store`) })} />
                <figcaption>{t('download.scan')}</figcaption>
              </figure>
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
