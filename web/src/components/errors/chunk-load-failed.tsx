import { useTranslation } from 'react-i18next';
import { PageHeader } from '../layout/page-header';

export function ChunkLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <PageHeader title={t('errors.chunkHeading')} />
      <div className="page page--narrow">
        <p>{t('errors.chunkText')}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('errors.retry')}
        </button>
      </div>
    </div>
  );
}
