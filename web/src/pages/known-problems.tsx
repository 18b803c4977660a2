import { useSearch } from 'wouter';
import { noticeParameter } from '@contracts/known-problems';
import { PageHeader } from '../components/layout/page-header';
import { KnownProblemsHistory } from '../features/notices/history';
import { useKnownProblemsPageTexts } from '../locales/known-problems-page';

/** The known problems of the last days (/known-problems), or one of them (/known-problems?notice=<id>). */
export default function KnownProblemsPage() {
  const { t } = useKnownProblemsPageTexts();
  const notice = new URLSearchParams(useSearch()).get(noticeParameter) ?? undefined;
  return (
    <>
      <PageHeader title={t('page.title')} />
      <div className="page page--narrow">
        <KnownProblemsHistory id={notice} />
      </div>
    </>
  );
}
