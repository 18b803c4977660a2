import { useMemberTexts } from '../../../locales/members';

/**
 * The picture over the page's status: a letter while the link is checked (in the prerendered
 * page, so it is there from the first paint), the seal once the address is verified, the same
 * size in the same place. The page's largest picture is then on screen from the start, and the
 * answer replaces it without moving anything.
 */
export function StatusPicture({ step }: { step: 'checking' | 'verified' }) {
  return <img src={`/images/${step}.svg`} alt="" width="160" height="160" />;
}

/** While the link is checked (also the prerendered page, for every link) or the code applied. */
export function Checking({ step }: { step: 'checking' | 'verifying' }) {
  const { t } = useMemberTexts();
  return (
    <>
      <StatusPicture step="checking" />
      <p role="status">{t(step === 'checking' ? 'emailAction.checking' : 'emailAction.verifying')}</p>
      {step === 'checking' ? (
        <noscript>
          <p>{t('emailAction.noScript')}</p>
        </noscript>
      ) : null}
    </>
  );
}
