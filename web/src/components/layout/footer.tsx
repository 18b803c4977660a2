import { useTranslation } from 'react-i18next';
import { site } from '../../config/site';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <p>
        {t('footer.copyright', {
          from: site.firstCopyrightYear,
          to: new Date().getFullYear(),
          operator: site.operatorName,
          vat: site.vatNumber,
        })}
      </p>
    </footer>
  );
}
