import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { Language } from '../../config/languages';
import { helpTextsIn } from '../../locales/help-text';
import { useHelpSearch } from './search/use-help-search';
import './help-suggestions.css';

/** How long the suggestions wait after the visitor's last key. */
const suggestDelayMs = 400;
/** At most this many articles are suggested. */
const maxSuggestions = 3;

/**
 * Help articles that may answer what a visitor is writing about, from the Contact Us form's
 * subject (shown after the message, contact-form.tsx): up to three, looked up in the browser
 * as they type, each a link to the article in the same tab (the form keeps what was typed for
 * when they come back). Nothing of the subject leaves the page but with the message sent.
 * The region is always there, empty, so screen readers announce the articles as they appear.
 */
export function HelpSuggestions({
  subject,
  language,
  heading,
}: {
  subject: string;
  language: Language;
  heading: string;
}) {
  const found = useHelpSearch(subject, language, { limit: maxSuggestions, delayMs: suggestDelayMs });
  const results = found?.results ?? [];
  const { i18n } = useTranslation();
  return (
    // data-searched: the subject the region shows the answers for (empty: none yet), which
    // tells a test that the suggestions have settled, found or not.
    <div className="help-suggestions" aria-live="polite" data-searched={found?.query ?? ''}>
      {results.length > 0 && (
        <>
          <p className="help-suggestions__heading">{heading}</p>
          <ul>
            {/* Results come once the search and the help texts it names them with have loaded. */}
            {results.map((result) => (
              <li key={result.id}>
                <Link href={`${paths.help}/${result.id}`}>
                  {helpTextsIn(i18n, language)(`articles.${result.id}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
