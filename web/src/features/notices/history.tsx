import { useEffect, useId, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import { feedFile, noticeAddress } from '@contracts/known-problems';
import { defaultLanguage, type Language } from '../../config/languages';
import { helpArticlePath, localizedPath, paths } from '../../config/paths';
import { site } from '../../config/site';
import { useKnownProblemsPageTexts } from '../../locales/known-problems-page';
import { useLanguage } from '../../locales/language';
import { useHistoryRead, type ListedNotice } from './history-read';

// The known problems of the history's period (the history page, /known-problems): the ones
// shown now first, in the notice box's amber, then the earlier ones, newest first, each with its
// updates, newest first, and a link to its own page (/known-problems?notice=<id>), which shows
// that one alone. The notice box links to a notice here (/known-problems#<id>). The list is read
// after the page is on the screen (history-read.ts); without JavaScript the page says where the
// same list is: the Atom feed of the page's language.

/** A line in the page's language, or the default language's, said as such, when it has none. */
function Line({ text, language }: { text: Record<string, string>; language: Language }) {
  const own = text[language];
  return own === undefined ? <span lang={defaultLanguage}>{text[defaultLanguage]}</span> : <>{own}</>;
}

function When({ at, language }: { at: string; language: Language }) {
  return (
    <time dateTime={at}>
      {new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at))}
    </time>
  );
}

/** One notice: what the problem is, where it stands, when, and every update. */
function Notice({ notice, alone }: { notice: ListedNotice; alone: boolean }) {
  const { t } = useKnownProblemsPageTexts();
  const language = useLanguage();
  const headingId = useId();
  const { updates } = notice;
  const Heading = alone ? 'h2' : 'h3';
  return (
    <article
      id={alone ? undefined : notice.id}
      className={notice.now ? 'known-problem__box' : undefined}
      aria-labelledby={headingId}
    >
      <Heading id={headingId}>
        <Line text={updates[0]?.text ?? notice.text} language={language} />
      </Heading>
      <p>
        <strong>{t(`states.${notice.state}`)}</strong>
        {' · '}
        {t('page.about', { part: t(`parts.${notice.part ?? 'app'}`) })}
        {' · '}
        {notice.until === null || notice.now ? (
          <Trans t={t} i18nKey="page.since" components={{ time: <When at={notice.since} language={language} /> }} />
        ) : (
          <Trans
            t={t}
            i18nKey="page.between"
            components={{
              from: <When at={notice.since} language={language} />,
              to: <When at={notice.until} language={language} />,
            }}
          />
        )}
      </p>
      <ol reversed aria-label={t('page.updatesLabel')}>
        {[...updates].reverse().map((update) => (
          <li key={update.at}>
            <When at={update.at} language={language} /> · <strong>{t(`states.${update.state}`)}</strong>:{' '}
            <Line text={update.text} language={language} />
          </li>
        ))}
      </ol>
      {alone ? null : (
        <p>
          <Link href={noticeAddress(paths.knownProblems, notice.id)}>{t('page.ownPage')}</Link>
        </p>
      )}
    </article>
  );
}

/** The link to the Atom feed in the page's language (a document of its own, not a page). */
function FeedLink({ children }: { children?: ReactNode }) {
  const language = useLanguage();
  return (
    <a href={`${localizedPath(paths.knownProblems, language)}/${feedFile}`} type="application/atom+xml">
      {children}
    </a>
  );
}

const noChange = () => () => undefined;
const isRunning = () => true;
const isPrerendered = () => false;

/** The history page's content; `id` the notice whose own page it is, if any. */
export function KnownProblemsHistory({ id }: { id: string | undefined }) {
  const { t } = useKnownProblemsPageTexts();
  const [read, retry] = useHistoryRead();
  // Said once the page runs (false while prerendered and hydrated): a page without JavaScript
  // says where the list is instead.
  const running = useSyncExternalStore(noChange, isRunning, isPrerendered);
  const links = {
    feed: <FeedLink />,
    support: <Link href={paths.support} />,
    'app-not-working': <Link href={helpArticlePath('app-not-working')} />,
  };
  return (
    <>
      <p>
        {t('page.intro', { product: site.productName })} <Trans t={t} i18nKey="page.feed" components={links} />
      </p>
      <noscript>
        <p>
          <Trans t={t} i18nKey="page.noScript" components={links} />
        </p>
      </noscript>
      <div aria-live="polite" aria-busy={read.state === 'loading'}>
        {read.state === 'loading' ? <p hidden={!running}>{t('page.loading')}</p> : null}
        {read.state === 'failed' ? (
          <p>
            {t('page.failed')}{' '}
            <button type="button" className="button" onClick={retry}>
              {t('page.retry')}
            </button>
          </p>
        ) : null}
        {read.state === 'ready' ? <Listed notices={read.notices} days={read.days} id={id} links={links} /> : null}
      </div>
    </>
  );
}

function Listed({
  notices,
  days,
  id,
  links,
}: {
  notices: ListedNotice[];
  days: number;
  id: string | undefined;
  links: Record<string, ReactElement>;
}) {
  const { t } = useKnownProblemsPageTexts();
  const values = { product: site.productName, days };
  // A link to one notice on this page (the notice box's) shows it once the list is drawn.
  useEffect(() => {
    const target = decodeURIComponent(window.location.hash.slice(1));
    if (target) document.getElementById(target)?.scrollIntoView();
  }, []);
  if (id !== undefined) {
    const notice = notices.find((candidate) => candidate.id === id);
    return (
      <>
        {notice ? <Notice notice={notice} alone /> : <p>{t('page.notFound', values)}</p>}
        {notice?.now ? (
          <p>
            <Trans t={t} i18nKey="page.writeToUs" components={links} />
          </p>
        ) : null}
        <p>
          <Link href={paths.knownProblems}>{t('page.allProblems')}</Link>
        </p>
      </>
    );
  }
  if (notices.length === 0) {
    return (
      <p>
        <Trans t={t} i18nKey="page.none" values={values} components={links} />
      </p>
    );
  }
  const current = notices.filter((notice) => notice.now);
  const earlier = notices.filter((notice) => !notice.now);
  return (
    <>
      <h2>{t('page.nowHeading')}</h2>
      {current.length === 0 ? <p>{t('page.noneNow')}</p> : null}
      {current.map((notice) => (
        <Notice key={notice.id} notice={notice} alone={false} />
      ))}
      {earlier.length > 0 ? <h2>{t('page.pastHeading', values)}</h2> : null}
      {earlier.map((notice) => (
        <Notice key={notice.id} notice={notice} alone={false} />
      ))}
    </>
  );
}
