import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactPicture } from '@contracts/contact-message';
import type { PictureChoice } from './picture/picture-choice';
import type { Prepared } from './picture/prepare-picture';
import './picture-field.css';

/** The picture control's script part: loaded when the visitor first reaches the control. */
const loadControl = () => import('./picture/picture-control');
type ControlModule = Awaited<ReturnType<typeof loadControl>>;

export const noPicture: PictureChoice = { status: 'none' };

/**
 * Longest a chosen picture may take to be prepared before the form stops waiting for it. It is
 * then said to be slow (`slow`), never damaged: a busy phone is no fault of the picture's.
 */
const preparingTimeoutMs = 30_000;

/** The kinds the file picker offers (phones offer the camera and the gallery for these). */
const accepted = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/**
 * The Contact Us form's optional picture: a button that opens the device's file picker (the
 * camera or the gallery on a phone) and a line saying that location and camera details are
 * removed. That is all a page's first visit carries: what reads, shrinks and shows the chosen
 * picture (./picture/) loads when the visitor first reaches the button, and the choice goes to
 * the form (`onChange`) as soon as it is made, so sending waits for a picture still being
 * prepared rather than leaving it out. The input stays the same element throughout, so the
 * focus the file picker gives back is where the visitor left it.
 */
export function PictureField({
  id,
  choice,
  onChange,
}: {
  id: string;
  choice: PictureChoice;
  onChange: (choice: PictureChoice) => void;
}) {
  const { t } = useTranslation('contact');
  const { control, load, choose, abandon } = usePreparing(onChange);
  const input = useFileInput(choice, choose);

  const described = [`${id}-note`, ...(choice.status === 'none' ? [] : [`${id}-status`])].join(' ');
  return (
    <div className="field picture-field">
      <input
        ref={input}
        id={id}
        className="picture-field__input visually-hidden"
        type="file"
        accept={accepted}
        aria-describedby={described}
        aria-invalid={choice.status === 'done' && !choice.ok ? true : undefined}
        onFocus={() => {
          void load().catch(() => undefined);
        }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) choose(file);
          else abandon();
        }}
      />
      <label htmlFor={id} className="picture-field__button">
        {control && choice.status === 'done' && choice.ok ? <control.ReplaceLabel /> : t('support.picture.add')}
      </label>
      <p id={`${id}-note`} className="field__hint">
        {t('support.picture.note')}
      </p>
      {control && (
        <control.PictureStatus
          id={`${id}-status`}
          choice={choice}
          onRemove={() => {
            abandon();
            onChange(noPicture);
            input.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/**
 * Preparing the chosen pictures: the control's script part, loaded on first need (`load`), and
 * each choice handed to the form as it is made and again once prepared, unless another choice
 * came after it or it was abandoned (the picture removed, the choice cancelled).
 */
function usePreparing(onChange: (choice: PictureChoice) => void) {
  const [control, setControl] = useState<ControlModule>();
  const latest = useRef(0);
  const load = async () => {
    const loaded = await loadControl();
    setControl(() => loaded);
    return loaded;
  };
  const choose = (file: File) => {
    const attempt = (latest.current += 1);
    const ready = prepareInTime(file, load);
    onChange({ status: 'preparing', ready });
    void ready.then(
      (prepared) => {
        if (attempt === latest.current) onChange({ status: 'done', ...prepared });
      },
      () => {
        if (attempt === latest.current) onChange({ status: 'done', ok: false, problem: 'unreadable' });
      },
    );
  };
  const abandon = () => {
    latest.current += 1;
  };
  return { control, load, choose, abandon };
}

/**
 * The file prepared for the message. A picture that takes longer than any phone needs (a
 * decoder that never answers) is given up, so sending, which waits for it, cannot wait for ever.
 */
function prepareInTime(file: File, load: () => Promise<ControlModule>): Promise<Prepared> {
  const gaveUp = new Promise<Prepared>((resolve) => {
    setTimeout(() => {
      resolve({ ok: false, problem: 'slow' });
    }, preparingTimeoutMs);
  });
  return Promise.race([load().then(({ preparePicture }) => preparePicture(file, contactPicture)), gaveUp]);
}

/** The file input, in step with the choice the form holds. */
function useFileInput(choice: PictureChoice, choose: (file: File) => void) {
  const input = useRef<HTMLInputElement>(null);

  // A picture chosen in the prerendered form, before the app ran, is the visitor's choice:
  // it is prepared now, before the effect below makes the input forget its file.
  const chooseEarly = useEffectEvent(() => {
    const early = input.current?.files?.[0];
    if (early) choose(early);
  });
  useEffect(() => {
    chooseEarly();
  }, []);

  // A picture removed, sent or refused: the input forgets its file, so choosing the same one
  // again works (a browser says nothing when the same file is chosen twice), as a visitor told
  // to choose a file again will.
  const forget = choice.status === 'none' || (choice.status === 'done' && !choice.ok);
  useEffect(() => {
    if (forget && input.current) input.current.value = '';
  }, [forget]);
  return input;
}
