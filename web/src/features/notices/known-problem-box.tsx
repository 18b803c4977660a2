import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isShown } from '@contracts/site-notice';
import { parseNotice } from '@contracts/site-notice-check';
import { defaultLanguage } from '../../config/languages';
import { paths } from '../../config/paths';
import { useLanguage } from '../../locales/language';
import './known-problem-box.css';

// What the history page checks and sorts the notices it lists with: it loads this part for them
// (features/notices/history-read.ts).
export { parseNotice, updatesOf } from '@contracts/site-notice-check';
export { isShown, siteNoticeLimits } from '@contracts/site-notice';

/**
 * The notice the read answered, checked against its contract and shown while its time lasts,
 * on the pages it belongs on: everywhere it is asked for, or, on an article, the ones it lists
 * (the one it names and those about the part of the app it concerns). The text is the
 * operator's plain text, shown as typed (the last update's), a link to the notice on the
 * history page, which says where it stands and has every update.
 */
export default function KnownProblemBox({
  notice: answered,
  article,
}: {
  notice: unknown;
  article?: string | undefined;
}) {
  const language = useLanguage();
  const { t } = useTranslation();
  const id = useId();
  const notice = parseNotice(answered);
  const [now, setNow] = useState(Date.now);
  const untilMs = notice?.until ? Date.parse(notice.until) : undefined;
  // Taken down when its time ends, without a read.
  useEffect(() => {
    if (untilMs === undefined) return;
    const timer = setTimeout(
      () => {
        setNow(Date.now());
      },
      Math.max(0, untilMs - Date.now()) + 1,
    );
    return () => {
      clearTimeout(timer);
    };
  }, [untilMs]);
  if (!notice || !isShown(notice, now) || (article !== undefined && !notice.articles.includes(article))) return null;
  const own = notice.text[language];
  const text = own ?? notice.text[defaultLanguage];
  if (text === undefined) return null;
  return (
    <section className="known-problem__box" aria-labelledby={id}>
      <h2 id={id} className="known-problem__heading">
        {t('knownProblem.heading')}
      </h2>
      <p lang={own === undefined ? defaultLanguage : undefined}>
        <Link href={`${paths.knownProblems}#${notice.id}`}>{text}</Link>
      </p>
    </section>
  );
}
