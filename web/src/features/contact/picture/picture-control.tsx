import { useEffect, useMemo } from 'react';
import { usePictureTexts } from '../../../locales/picture';
import { useLanguage } from '../../../locales/language';
import { formatCount } from '../../../config/formatted';
import type { PictureChoice } from './picture-choice';
import { maxChosenBytes, type PreparedPicture } from './prepare-picture';

export { preparePicture } from './prepare-picture';

// The picture control's part that loads when the visitor reaches it (../picture-field.tsx):
// how the chosen picture is prepared (./prepare-picture.ts), and what the form shows of it.

/** The button's words once a picture is chosen: choosing again replaces it. */
export function ReplaceLabel() {
  const { t } = usePictureTexts();
  return t('picture.replace');
}

/** The picture as it will be sent, for the preview: an object URL, revoked when it changes. */
function usePreview(picture: PreparedPicture | undefined): string | undefined {
  const url = useMemo(() => picture && URL.createObjectURL(picture.blob), [picture]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/**
 * What the form shows under the button: "Preparing…", then the picture as it will be sent
 * (a preview, its size, that location and camera details are gone, a button to remove it),
 * or why the file cannot be sent. Spoken as it changes (a polite live region, there before
 * the first choice), and named by the input's description.
 */
export function PictureStatus({ id, choice, onRemove }: { id: string; choice: PictureChoice; onRemove: () => void }) {
  const { t } = usePictureTexts();
  const language = useLanguage();
  const picture = choice.status === 'done' && choice.ok ? choice.picture : undefined;
  const preview = usePreview(picture);
  return (
    <div id={id} className="picture-field__status" aria-live="polite">
      {choice.status === 'preparing' && <p className="field__hint">{t('picture.preparing')}</p>}
      {choice.status === 'done' && !choice.ok && (
        <p className="field__error">
          {t(`picture.problems.${choice.problem}`, { megabytes: formatCount(language, maxChosenBytes / 1024 / 1024) })}
        </p>
      )}
      {picture && (
        <div className="picture-field__chosen">
          {preview && (
            <img
              className="picture-field__preview"
              src={preview}
              alt={t('picture.preview')}
              width={picture.width}
              height={picture.height}
            />
          )}
          <div className="picture-field__about">
            <p>
              {t('picture.size', {
                width: formatCount(language, picture.width),
                height: formatCount(language, picture.height),
                kilobytes: formatCount(language, Math.ceil(picture.bytes.length / 1000)),
              })}
            </p>
            <p>{t('picture.cleaned')}</p>
            <button type="button" className="picture-field__remove" onClick={onRemove}>
              {t('picture.remove')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
