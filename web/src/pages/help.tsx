import { Link } from 'wouter';
import { helpTopicArticles, helpTopics } from '../config/help';
import { paths } from '../config/paths';
import { PageHeader } from '../components/layout/page-header';
import { HelpSearch } from '../features/help/help-search';
import { useHelpTexts } from '../features/help/use-help-texts';
import { KnownProblem } from '../features/notices/known-problem';
import { HelpCopyNotes } from '../features/help/help-copy-notes';
import { useHelpCopy } from '../features/help/use-help-copy';

/**
 * The help centre: a search box, then every topic with its articles' titles (the whole list
 * without JavaScript). An article's summary is on its page and in the search's results: the
 * page's weight grows by a title per article.
 */
export default function HelpPage() {
  const { text, title, topicTitle } = useHelpTexts();
  const { update, kept } = useHelpCopy();
  return (
    <>
      <PageHeader title={text('page.title')}>
        <p>{text('page.intro')}</p>
      </PageHeader>
      <div className="page help">
        <HelpCopyNotes update={update} />
        <KnownProblem />
        <HelpSearch />
        {helpTopics.map((topic) => (
          <section key={topic} className="help-topic" aria-labelledby={`help-topic-${topic}`}>
            <h2 id={`help-topic-${topic}`}>{topicTitle(topic)}</h2>
            <p>{text(`topics.${topic}.text`)}</p>
            <ul className="help-topic__articles">
              {helpTopicArticles[topic].map((id) => (
                <li key={id}>
                  <Link href={`${paths.help}/${id}`}>{title(id)}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {kept && <kept.Note kept={kept.at} />}
      </div>
    </>
  );
}
