import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../components/layout/placeholder-page';

export default function PartnerPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('partner.title')} />;
}
