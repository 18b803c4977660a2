import { useTranslation } from 'react-i18next';

export function UnexpectedError() {
  const { t } = useTranslation();
  return (
    <main className="page page--narrow" role="alert">
      <h1>{t('errors.unexpectedHeading')}</h1>
      <p>{t('errors.unexpectedText')}</p>
      <a className="button" href="/">
        {t('errors.reload')}
      </a>
    </main>
  );
}
