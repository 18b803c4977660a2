import type { ReactNode } from 'react';
import { accountValues } from '../../config/account';
import { site } from '../../config/site';
import { useAccountTexts } from '../../locales/account';
import { MemberArea } from './member-area';
import { useLanguage } from '../../locales/language';
import './account.css';

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

      <Explained id="account-deleted" title={t('account.deletedTitle')}>
        <ul>
          <Items items={list('account.deleted')} />
        </ul>
        <p>{t('account.deletedWhen', values)}</p>
      </Explained>

      <Explained id="account-kept" title={t('account.keptTitle')}>
        <ul>
          <Items items={list('account.kept')} />
        </ul>
        <p className="account__warning">{t('account.subscription')}</p>
        <p className="account__warning">
          <strong>{t('account.final')}</strong>
        </p>
      </Explained>

      <Explained id="account-how" title={t('account.howTitle')}>
        <ol>
          <Items items={list('account.how')} />
        </ol>
        <p>{t('account.otherWays', values)}</p>
      </Explained>

      <Explained id="account-copy" title={t('account.copyTitle')}>
        {list('account.copy').map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Explained>

      <MemberArea word={word} />
    </div>
  );
}

/** A section of the explanation, named by its heading (`id`). */
function Explained({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A list's items, one a line. */
function Items({ items }: { items: readonly string[] }) {
  return items.map((item) => <li key={item}>{item}</li>);
}
