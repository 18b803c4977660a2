import { useEffect, useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { accountValues } from '../../config/account';
import { site } from '../../config/site';
import { useAccountTexts } from '../../locales/account';
import { loadCopyApi } from './load-api';
import { copyFailureOf, copyFileName, copyItems, type CopyFailure } from './member-copy-answer';
import { useLanguage } from '../../locales/language';

type Saved = { url: string; file: string; items: number };

/**
 * "Download my data": asks the function for the signed-in member's copy and saves it as a JSON
 * file. The file stays a link on the page until the member leaves it, for a browser that did
 * not start the download by itself.
 */
export function DataCopy() {
  const { t } = useAccountTexts();
  const id = useId();
  const { busy, saved, failure, link, download } = useMemberCopy();

  return (
    <section className="account__delete account__copy" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.copyTitle')}</h2>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => {
          void download();
        }}
      >
        {busy ? t('account.copyBusy') : t('account.copyButton')}
      </button>
      <div role="status">
        {saved ? (
          <p>
            {t('account.copyDone', { count: saved.items, file: saved.file })}{' '}
            <Trans
              t={t}
              i18nKey="account.copyAgain"
              components={{
                save: <a ref={link} href={saved.url} download={saved.file} />,
              }}
            />
          </p>
        ) : null}
      </div>
      <CopyProblem failure={failure} />
    </section>
  );
}

/** Fetching the copy and saving it: busy meanwhile, then the saved file or what went wrong. */
function useMemberCopy() {
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Saved | undefined>();
  const [failure, setFailure] = useState<CopyFailure | undefined>();
  const link = useRef<HTMLAnchorElement>(null);

  // The file's address is given back when the member signs out or leaves the page.
  useEffect(
    () => () => {
      if (saved) URL.revokeObjectURL(saved.url);
    },
    [saved],
  );
  // Saving starts once the link is on the page.
  useEffect(() => {
    link.current?.click();
  }, [saved]);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const api = await loadCopyApi();
      const copy = await api.fetchMemberCopy();
      const blob = new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' });
      setSaved({
        url: URL.createObjectURL(blob),
        file: copyFileName(site.productName, copy.exportedAt),
        items: copyItems(copy),
      });
    } catch (error) {
      setFailure(copyFailureOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, saved, failure, link, download };
}

/** Why there is no copy, as an alert: over the day's limit (until when, if the function said), or another failure. */
function CopyProblem({ failure }: { failure: CopyFailure | undefined }) {
  const { t } = useAccountTexts();
  const language = useLanguage();
  if (!failure) return null;
  const { copiesPerDay } = accountValues(language);
  let problem: string;
  if (failure.kind === 'limit') {
    problem = failure.retryAt
      ? t('account.copyFailure.limit', {
          copiesPerDay,
          time: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(failure.retryAt),
        })
      : t('account.copyFailure.limitSoon', { copiesPerDay });
  } else {
    problem = t(`account.copyFailure.${failure.kind}`, { privacyEmail: site.company.dataProtectionEmail });
  }
  return (
    <p className="account__problem" role="alert">
      {problem}
    </p>
  );
}
