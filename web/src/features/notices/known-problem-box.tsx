import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShown } from '@contracts/site-notice';
import { parseNotice } from '@contracts/site-notice-check';
import { defaultLanguage } from '../../config/languages';
import { useLanguage } from '../../locales/language';
import './known-problem-box.css';

/**
 * The notice the read answered, checked against its contract and shown while its time lasts,
 * on the pages it belongs on: everywhere it is asked for, or, on an article, only the one it
 * names. The text is the operator's plain text, shown as typed.
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
  if (!notice || !isShown(notice, now) || (article !== undefined && notice.help !== article)) return null;
  const own = notice.text[language];
  const text = own ?? notice.text[defaultLanguage];
  if (text === undefined) return null;
  return (
    <section className="known-problem__box" aria-labelledby={id}>
      <h2 id={id} className="known-problem__heading">
        {t('knownProblem.heading')}
      </h2>
      <p lang={own === undefined ? defaultLanguage : undefined}>{text}</p>
    </section>
  );
}
