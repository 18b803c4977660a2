import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/page-header';
import { AccountDeletion } from '../features/account/account-deletion';

/** The app's account page on the web: deleting an account and its data (Google Play's requirement). */
export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('account.title')} />
      <AccountDeletion />
    </>
  );
}
