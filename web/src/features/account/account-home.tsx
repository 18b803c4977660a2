import { accountValues } from '../../config/account';
import { site } from '../../config/site';
import { useAccountTexts } from '../../locales/account';
import { MemberArea } from './member-area';
import { useLanguage } from '../../locales/language';

/**
 * The Account page's explanation (what deleting means, what is kept and for how long, how to
 * ask; what a copy of one's data holds) and the member's area (sign-in, the copy, deletion).
 * The explanation is in the prerendered page; the forms work once the app runs.
 */
export function AccountHome() {
  const { t } = useAccountTexts();
  const language = useLanguage();
  const values = {
    ...accountValues(language),
    product: site.productName,
    operator: site.operatorName,
    // The one address for requests about a member's data (a copy by email, a deletion).
    privacyEmail: site.company.dataProtectionEmail,
  };
  const word = t('account.word');
  const list = (key: 'account.deleted' | 'account.kept' | 'account.how' | 'account.copy') =>
    t(key, { ...values, word, returnObjects: true });

  return (
    <div className="page page--narrow account">
      <p className="account__intro">{t('account.intro', values)}</p>

      <section aria-labelledby="account-deleted">
        <h2 id="account-deleted">{t('account.deletedTitle')}</h2>
        <ul>
          {list('account.deleted').map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{t('account.deletedWhen', values)}</p>
      </section>

      <section aria-labelledby="account-kept">
        <h2 id="account-kept">{t('account.keptTitle')}</h2>
        <ul>
          {list('account.kept').map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="account__warning">{t('account.subscription')}</p>
        <p className="account__warning">
          <strong>{t('account.final')}</strong>
        </p>
      </section>

      <section aria-labelledby="account-how">
        <h2 id="account-how">{t('account.howTitle')}</h2>
        <ol>
          {list('account.how').map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
        <p>{t('account.otherWays', values)}</p>
      </section>

      <section aria-labelledby="account-copy">
        <h2 id="account-copy">{t('account.copyTitle')}</h2>
        {list('account.copy').map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>

      <MemberArea word={word} />
    </div>
  );
}
