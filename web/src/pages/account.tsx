import { PageHeader } from '../components/layout/page-header';
import { AccountHome } from '../features/account/account-home';
import { useAccountTexts } from '../locales/account';

/** The app's account page on the web: a copy of a member's data, and deleting the account and its data (Google Play's requirement). */
export default function AccountPage() {
  const { t } = useAccountTexts();
  return (
    <>
      <PageHeader title={t('account.title')} />
      <AccountHome />
    </>
  );
}
