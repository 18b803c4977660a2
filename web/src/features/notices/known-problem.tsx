import { lazy, Suspense } from 'react';
import { useNoticeAnswer } from './notice-store';

// The box and the notice's check are a script part of their own, loaded only when the read
// answers a notice: a page without one downloads nothing for it but the read.
/** The box's part; the history page loads it through this part too (history-read.ts). */
export const loadKnownProblemBox = () => import('./known-problem-box');
const KnownProblemBox = lazy(loadKnownProblemBox);

/**
 * The known problem, where people look for help: above the contact form and the help centre's
 * search, on the article it names (`article`) and on the articles about the part of the app it
 * concerns (config/part-articles.ts, which the box reads). An empty live region until there is one (no
 * height: a page without a notice shows nothing and shifts nothing); its text is announced
 * politely when it comes.
 */
export function KnownProblem({ article }: { article?: string }) {
  const notice = useNoticeAnswer();
  return (
    <div className="known-problem" aria-live="polite">
      {notice === null ? null : (
        <Suspense fallback={null}>
          <KnownProblemBox notice={notice} article={article} />
        </Suspense>
      )}
    </div>
  );
}
