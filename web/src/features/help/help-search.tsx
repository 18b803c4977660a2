import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { TextField } from '../../components/forms/text-field';
import { useHydrated } from '../../components/hydration';
import { RichText } from './rich-text-view';
import { useHelpTexts } from './use-help-texts';
import { fillHelpText } from '../../locales/help-text';
import { loadHelpSearch, useHelpSearch } from './search/use-help-search';
import { useSearchSignals } from './signals/search-signals';
import './help-search.css';

/**
 * How long the search waits after a key before it looks: not at all. The key's own frame
 * paints first (the search runs in a task of its own, after it), then the results; with 200
 * articles the first result is on screen within 100 ms of the key on a mid-range phone
 * (`npm run bench:input -- --articles 200`).
 */
const searchDelayMs = 0;
/** The most results the help page lists. */
const maxResults = 8;
/** The address's parameter that holds the words searched: `/help?q=cancel`. */
const queryParameter = 'q';

/**
 * The help page's search box: the articles matching the visitor's words, listed under it as
 * they type (typos and word forms forgiven). MiniSearch and the index load at the first focus.
 * A search typed that found nothing, or whose articles none was opened, is counted for the
 * team's weekly report (signals/search-signals.ts); words that came in the address never are.
 * Without JavaScript the box stays disabled and the topics below list every article.
 */
export function HelpSearch() {
  const { text, language } = useHelpTexts();
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const [query, setQuery] = useState('');
  /** The words the address brought (a link opened, an article left with Back), not typed here. */
  const [brought, setBrought] = useState<string | null>(null);
  const found = useHelpSearch(query, language, { limit: maxResults, delayMs: searchDelayMs });
  // A search that found nothing, or nothing opened, tells the team what the help centre lacks.
  const { opened } = useSearchSignals(found, language, found !== null && found.query !== brought);

  // The words searched are kept in the address (`?q=`): coming back from an article, or
  // opening a shared link, shows the same results. Read once the page has hydrated.
  useEffect(() => {
    const words = new URLSearchParams(location.search).get(queryParameter);
    if (!words) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once, after hydration
    setQuery(words);
    setBrought(words.trim());
  }, []);
  const searched = found?.query ?? '';
  useWordsInAddress(searched);

  return (
    // data-searched: the words the results are for, which tells a test or a benchmark that
    // they are on screen.
    <search className="help-search" data-searched={searched}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <TextField
          id={`${id}-query`}
          label={text('page.searchLabel')}
          hint={text('page.searchHint')}
          type="search"
          value={query}
          disabled={!hydrated}
          autoComplete="off"
          onFocus={() => {
            void loadHelpSearch(language, i18n).catch(() => undefined);
          }}
          onChange={(event) => {
            setQuery(event.target.value);
          }}
        />
      </form>
      <SearchResults found={found} onOpen={opened} />
    </search>
  );
}

/** Keeps the words the results are for in the address (`?q=`), without a new history entry. */
function useWordsInAddress(searched: string) {
  useEffect(() => {
    const url = new URL(location.href);
    if ((url.searchParams.get(queryParameter) ?? '') === searched) return;
    if (searched) url.searchParams.set(queryParameter, searched);
    else url.searchParams.delete(queryParameter);
    history.replaceState(history.state, '', url);
  }, [searched]);
}

type Found = ReturnType<typeof useHelpSearch>;

/** What the search found: a status for screen readers, then the articles, or a way to write to us. */
function SearchResults({ found, onOpen }: { found: Found; onOpen: () => void }) {
  const { text, title, language } = useHelpTexts();
  const { i18n } = useTranslation();
  const status =
    found === null
      ? ''
      : found.results.length === 0
        ? text('page.noResults', { query: found.query })
        : text('page.found', { count: found.results.length });
  return (
    <>
      <p className="help-search__status" role="status">
        {status}
      </p>
      {found !== null && found.results.length > 0 && (
        <ol className="help-search__results" aria-label={text('page.resultsLabel')}>
          {found.results.map((result) => (
            <li key={result.id}>
              <Link href={`${paths.help}/${result.id}`} onClick={onOpen}>
                {title(result.id)}
              </Link>
              <p>{fillHelpText(i18n, language, result.summary)}</p>
            </li>
          ))}
        </ol>
      )}
      {found !== null && found.results.length === 0 && (
        <p>
          <RichText text={text('page.noResultsContact')} />
        </p>
      )}
    </>
  );
}
