import { useState } from 'react';
import { basePath } from '../../../config/paths';
import { languages, type Language } from '../../../config/languages';
import { detectLanguage } from '../../../locales/i18n';
import { useHelpCopyTexts } from '../../../locales/help-copy';
import { useLanguage } from '../../../locales/language';
import { copyTime } from './copy-time';
import { keepUnder } from './ask-to-keep';

// The end of the help centre's page once its copy is kept on the device: in the part that asks
// for the copy (keep-help-copy.ts, loaded once the page is usable), with its texts.

/**
 * The other languages whose help centre this browser can keep: a language with addresses of its
 * own (`/it/…`), or the one Hosting serves this browser at the unprefixed addresses (its cookie,
 * else its languages: what detectLanguage reads). An Italian browser gets Italian there, so a
 * copy of those addresses would not be English.
 */
const keepable = (current: Language) =>
  languages.filter((other) => other !== current && (basePath(other) !== '' || detectLanguage() === other));

/**
 * At the end of the help centre's page, once its copy is kept (`kept`, when): that it is, and a
 * button for each other language that keeps the help centre in that language too, on request
 * (a visitor who reads both, or shares the phone). Drawn after the topics, so nothing above it moves.
 */
export function HelpCopyKept({ kept }: { kept: string }) {
  const { t } = useHelpCopyTexts();
  const language = useLanguage();
  const [also, setAlso] = useState<Partial<Record<Language, string>>>({});
  const named = new Intl.DisplayNames(language, { type: 'language' });
  const keep = (other: Language) => {
    void keepUnder(basePath(other))
      .then((answer) => {
        if (answer.type === 'help-kept') setAlso((before) => ({ ...before, [other]: answer.at }));
      })
      .catch(() => undefined);
  };
  return (
    <div className="help-copy help-copy--kept">
      <p>{t('helpCopy.copyKept', { date: copyTime(language, kept) })}</p>
      {keepable(language).map((other) => {
        const at = also[other];
        const name = named.of(other) ?? other;
        return at ? (
          <p key={other} role="status">
            {t('helpCopy.keptOther', { language: name, date: copyTime(language, at) })}
          </p>
        ) : (
          <p key={other}>
            <button type="button" className="button" onClick={() => keep(other)}>
              {t('helpCopy.keepOther', { language: name })}
            </button>
          </p>
        );
      })}
    </div>
  );
}
