import { Trans } from 'react-i18next';
import { site } from '../config/site';

/** The texts that offer the support address, with `<mail>` in them made a mailto link. */
type SupportMailKey = 'emailVerification.trouble' | 'support.direct' | 'support.failed.text';

/** A translated sentence that names the support address as a link to write to it. */
export function SupportMailText({ i18nKey }: { i18nKey: SupportMailKey }) {
  return (
    <Trans
      ns={i18nKey.startsWith('support.') ? 'contact' : 'pages'}
      i18nKey={i18nKey}
      values={{ email: site.supportEmail }}
      components={{ mail: <a href={`mailto:${site.supportEmail}`} /> }}
    />
  );
}
