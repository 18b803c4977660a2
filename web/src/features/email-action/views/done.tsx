import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useMemberTexts } from '../../../locales/members';
import { StatusPicture } from './status';

/** A finished action: its heading, what it means, and the way on. */
export function Done({
  heading,
  continueUrl,
  image = false,
  children,
}: {
  heading: string;
  continueUrl: string | undefined;
  image?: boolean;
  children: ReactNode;
}) {
  const { t } = useMemberTexts();
  return (
    <div role="status">
      {image ? <StatusPicture step="verified" /> : null}
      <h2>{heading}</h2>
      {children}
      {continueUrl ? (
        <p>
          <a className="button" href={continueUrl}>
            {t('emailAction.continue')}
          </a>
        </p>
      ) : null}
      <p>
        <Trans t={t} i18nKey="emailAction.getApp" components={{ download: <Link href={paths.downloadApp} /> }} />
      </p>
    </div>
  );
}
