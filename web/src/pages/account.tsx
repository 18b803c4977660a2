import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../components/layout/placeholder-page';

export default function AccountPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('account.title')} />;
}
