import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { helpReasons, type HelpReason } from '@contracts/help-signal';
import type { HelpArticleId } from '../../config/help';
import type { Language } from '../../config/languages';
import { helpArticleOf, isHelpArticle } from '../../config/paths';
import { useCurrentPage } from '../../hooks/current-page';
import { useHelpQuestionTexts } from '../../locales/help-question';
import { contactLink } from '../../visit/contact-link';
import { useHelpTexts } from './use-help-texts';
import { sendHelpSignal } from './signals/send-signal';
import './article-question.css';

/** Where a reader is with the question: not answered, answered Yes, No, or No and why. */
type Answer = 'asking' | 'helped' | 'not-helped' | 'reason-given';

/**
 * What each article's reader answered on this visit: asked once per article, the page read
 * again shows the answer's thanks (kept in the page's memory, never on the device).
 */
const answered = new Map<string, Answer>();

/**
 * "Did this answer your question?" at the end of a help article: Yes or No, then after No one
 * optional choice of why and a link to write to us that names the article. Each answer is a
 * help signal (contracts/help-signal.ts), nothing typed, nothing of who answered. Its script part
 * comes when the reader nears the end of the article (pages/help-article.tsx); the prerendered
 * page shows the question, so nothing moves when it hydrates.
 */
export default function ArticleQuestion() {
  const page = useCurrentPage();
  const article = isHelpArticle(page) ? helpArticleOf(page) : undefined;
  if (!article) throw new Error(`The article question is on ${page}`);
  const { t } = useHelpQuestionTexts();
  const { title, language } = useHelpTexts();
  // One question a page: ids of its own (useId would differ between the prerendered part and
  // the part hydrated from its script part, which React reaches through one more component).
  const id = 'article-question';
  const { answer, said, give } = useAnswer(article, language);

  return (
    <section className="article-question" aria-labelledby={`${id}-question`}>
      <h2 id={`${id}-question`}>{t('question')}</h2>
      {answer === 'asking' ? (
        <Choices
          choices={[true, false] as const}
          label={(helped) => t(helped ? 'yes' : 'no')}
          onChoose={(helped) => {
            give(helped ? 'helped' : 'not-helped', { kind: 'answer', article, helped });
          }}
        />
      ) : (
        <p ref={said} tabIndex={-1} className="article-question__said">
          {t(answer === 'reason-given' ? 'thanksReason' : 'thanks')}
        </p>
      )}
      {answer === 'not-helped' && (
        <div role="group" aria-labelledby={`${id}-why`} className="article-question__why">
          <p id={`${id}-why`}>{t('why')}</p>
          <Choices
            choices={helpReasons}
            label={(why) => t(`reasons.${why}`)}
            onChoose={(why) => {
              give('reason-given', { kind: 'reason', article, reason: why });
            }}
          />
        </div>
      )}
      {(answer === 'not-helped' || answer === 'reason-given') && (
        <p className="article-question__write">
          <Link href={contactLink(title(article), article)}>{t('write')}</Link> {t('writeNote')}
        </p>
      )}
    </section>
  );
}

/** The reader's answer to the question on `article`, and `give` to answer: kept for the visit, sent as a help signal. */
function useAnswer(article: HelpArticleId, language: Language) {
  const [answer, setAnswer] = useState<Answer>(() => answered.get(article) ?? 'asking');
  // After each answer the buttons pressed are gone: focus goes to what the page says instead.
  const said = useRef<HTMLParagraphElement>(null);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) said.current?.focus();
  }, [moved, answer]);

  const give = (next: Answer, signal: Parameters<typeof sendHelpSignal>[0]) => {
    answered.set(article, next);
    setAnswer(next);
    setMoved(true);
    sendHelpSignal(signal, language);
  };
  return { answer, said, give };
}

/** A row of buttons, one for each of the reader's possible answers. */
function Choices<Choice extends boolean | HelpReason>({
  choices,
  label,
  onChoose,
}: {
  choices: readonly Choice[];
  label: (choice: Choice) => string;
  onChoose: (choice: Choice) => void;
}) {
  return (
    <div className="article-question__choices">
      {choices.map((choice) => (
        <button
          key={String(choice)}
          type="button"
          className="choice-button"
          onClick={() => {
            onChoose(choice);
          }}
        >
          {label(choice)}
        </button>
      ))}
    </div>
  );
}
