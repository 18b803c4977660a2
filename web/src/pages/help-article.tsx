import { useEffect } from 'react';
import { Link } from 'wouter';
import { helpTopicArticles, helpTopics, isHelpArticleId, type HelpArticleId, type HelpTopic } from '../config/help';
import { helpArticleOf, isHelpArticle, paths } from '../config/paths';
import { useCurrentPage } from '../hooks/current-page';
import { PageHeader } from '../components/layout/page-header';
import { useArticle } from '../features/help/article-text';
import { useHelpTexts } from '../features/help/use-help-texts';
import { RichText } from '../features/help/rich-text-view';
import { KnownProblem } from '../features/notices/known-problem';
import { HelpCopyNotes } from '../features/help/help-copy-notes';
import { useHelpCopy } from '../features/help/use-help-copy';
import { HydrateWhenNear } from '../components/hydrate-when-near';
import { contactLink, noteArticleRead } from '../visit/contact-link';
import type { ArticleBlock } from '../locales/articles';

/** The question at the article's end: its script part comes when the reader nears it. */
export const loadArticleQuestion = () => import('../features/help/article-question');

/**
 * One help article: its title and summary, its text, the question whether it answered the
 * reader's, a link to the Contact Us form with the subject filled in from the article (the
 * message names it), and the other articles of its topic. (An address shaped
 * like an article's that names none gets the not-found page instead: app/routes.tsx.)
 */
export default function HelpArticlePage() {
  const page = useCurrentPage();
  const id = isHelpArticle(page) ? helpArticleOf(page) : undefined;
  if (!id || !isHelpArticleId(id)) throw new Error(`The help article page shows ${page}`);
  // Read on this visit: a message written afterwards names it (visit/contact-link.ts).
  // Before useArticle, which may suspend on the article's text (no hook may follow a use()
  // that is called only until the text is there).
  useEffect(() => {
    noteArticleRead(id);
  }, [id]);
  const { update } = useHelpCopy();
  const { text, title, topicTitle } = useHelpTexts();
  const { summary, text: body } = useArticle(id);
  const topic = helpTopics.find((name) => (helpTopicArticles[name] as readonly string[]).includes(id)) as HelpTopic;
  const heading = title(id);
  const contact = contactLink(heading, id);
  return (
    <article>
      <PageHeader title={heading}>
        <p>{summary}</p>
      </PageHeader>
      <div className="page page--narrow help-article">
        <nav className="help-article__trail" aria-label={text('page.trailLabel')}>
          <Link href={paths.help}>{text('page.title')}</Link> › {topicTitle(topic)}
        </nav>
        <HelpCopyNotes update={update} />
        {/* The notice is on the article it names, and on the one that says where notices are shown. */}
        <KnownProblem article={id === 'known-problems' ? undefined : id} />
        <ArticleText body={body} />
        <div className="help-article__question">
          <HydrateWhenNear load={loadArticleQuestion} />
        </div>
        <aside className="help-article__contact" aria-labelledby="help-contact">
          <h2 id="help-contact">{text('page.stillNeedHelp')}</h2>
          <p>
            <Link href={contact} className="button">
              {text('page.contactUs')}
            </Link>
          </p>
        </aside>
        <RelatedArticles topic={topic} id={id} />
      </div>
    </article>
  );
}

/** The article's text: paragraphs, numbered steps and lists. */
function ArticleText({ body }: { body: readonly ArticleBlock[] }) {
  return body.map((block, index) =>
    typeof block === 'string' ? (
      <p key={index}>
        <RichText text={block} />
      </p>
    ) : 'steps' in block ? (
      <ol key={index} className="help-article__steps">
        {block.steps.map((step, item) => (
          <li key={item}>
            <RichText text={step} />
          </li>
        ))}
      </ol>
    ) : (
      <ul key={index}>
        {block.list.map((point, item) => (
          <li key={item}>
            <RichText text={point} />
          </li>
        ))}
      </ul>
    ),
  );
}

/** The other articles of the article's topic, if it has any. */
function RelatedArticles({ topic, id }: { topic: HelpTopic; id: HelpArticleId }) {
  const { text, title, topicTitle } = useHelpTexts();
  const related = helpTopicArticles[topic].filter((other) => other !== id);
  if (related.length === 0) return null;
  return (
    <nav className="help-article__related" aria-labelledby="help-related">
      <h2 id="help-related">{text('page.moreOnTopic', { topic: topicTitle(topic) })}</h2>
      <ul>
        {related.map((other) => (
          <li key={other}>
            <Link href={`${paths.help}/${other}`}>{title(other)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
