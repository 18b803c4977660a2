import { useHelpTexts } from './use-help-texts';
import { useClientValue } from '../../components/hydration';
import { useLanguage } from '../../locales/language';
import { copyTime } from './copy/copy-time';
import { offlineCopyAttribute } from './copy/help-copy-terms';
import './help-copy-notes.css';

/** When the page on screen was copied, if it is shown from the copy on this device. */
const copiedAt = () => document.documentElement.getAttribute(offlineCopyAttribute) ?? undefined;

/**
 * What a help page says of its copy: that it is shown from the copy kept on this device, and
 * when that was (the service worker marks such a page), and that a new version of the site is
 * ready, with the button that loads it (never without the visitor's say: they may be reading or
 * typing).
 */
export function HelpCopyNotes({ update }: { update: (() => void) | undefined }) {
  const { text } = useHelpTexts();
  const language = useLanguage();
  const copy = useClientValue<string | undefined>(undefined, copiedAt);
  const date = copy && copyTime(language, copy);
  return (
    <>
      {date && (
        <p className="help-copy" role="status">
          {text('page.copyOffline', { date })}
        </p>
      )}
      {update && (
        <p className="help-copy" role="status">
          {text('page.updateReady')}{' '}
          <button type="button" className="button" onClick={update}>
            {text('page.update')}
          </button>
        </p>
      )}
    </>
  );
}
