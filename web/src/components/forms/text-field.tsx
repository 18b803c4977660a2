import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

type Shared = {
  /** The control's id; the label, the error, the hint and the counter are named after it. */
  id: string;
  label: ReactNode;
  /** What is wrong with the value, shown under it and read with it (the field is marked invalid). */
  error?: ReactNode;
  /** Marks the field invalid when what is wrong is said elsewhere (an alert after the form's rules), named in `describedBy`. */
  invalid?: boolean;
  /** A line of help under the control, read with it. */
  hint?: ReactNode;
  /** How much of the limit is used ("12 of 100 characters"), read with it. */
  counter?: ReactNode;
  /** Ids of other elements that describe the control (a list of rules), read after these. */
  describedBy?: readonly string[];
  /** Shown last, inside the field (a "show password" box, suggestions). */
  after?: ReactNode;
  /** Classes of the field's box besides `field` (its place in the form's layout). */
  className?: string;
};

type InputField = Shared & {
  multiline?: false;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby' | 'className'>;

type TextareaField = Shared & {
  multiline: true;
  ref?: Ref<HTMLTextAreaElement>;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'aria-invalid' | 'aria-describedby' | 'className'>;

/** The ids of a field's describing parts, in the order a screen reader reads them. */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint`, counter: `${id}-counter` };
}

/**
 * A text field of any form of the site: its label, the input (or a textarea with `multiline`),
 * then its error, its counter and its hint, each tied to the control by `aria-describedby`
 * (the error first), and `aria-invalid` while there is an error. One look everywhere
 * (`.field` in styles.css): contact, account, email action and help search.
 */
export function TextField(props: InputField | TextareaField) {
  const { id, label, error, invalid, hint, counter, describedBy, after, className, ...attributes } = props;
  const ids = fieldIds(id);
  const marked = Boolean(error || invalid);
  const control = {
    id,
    className: 'field__control',
    'aria-invalid': marked ? true : undefined,
    'aria-describedby': describedIds(ids, { error, counter, hint, describedBy }),
  } as const;
  return (
    <div className={['field', marked ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {controlOf(attributes, control)}
      <FieldMeta ids={ids} error={error} counter={counter} />
      {hint !== undefined && (
        <p id={ids.hint} className="field__hint">
          {hint}
        </p>
      )}
      {after}
    </div>
  );
}

/** The control's `aria-describedby`: the error, the counter, the hint, then the other describing parts. */
function describedIds(
  ids: ReturnType<typeof fieldIds>,
  { error, counter, hint, describedBy = [] }: Pick<Shared, 'error' | 'counter' | 'hint' | 'describedBy'>,
): string | undefined {
  const described = [
    ...(error ? [ids.error] : []),
    ...(counter !== undefined ? [ids.counter] : []),
    ...(hint !== undefined ? [ids.hint] : []),
    ...describedBy,
  ];
  return described.length > 0 ? described.join(' ') : undefined;
}

/** The line under the control with the error (or a placeholder keeping the counter right) and the counter. */
function FieldMeta({
  ids,
  error,
  counter,
}: {
  ids: ReturnType<typeof fieldIds>;
  error: ReactNode;
  counter: ReactNode;
}) {
  if (!(error || counter !== undefined)) return null;
  return (
    <div className="field__meta">
      {error ? (
        <p id={ids.error} className="field__error">
          {error}
        </p>
      ) : (
        <span />
      )}
      {counter !== undefined && (
        <p id={ids.counter} className="field__counter">
          {counter}
        </p>
      )}
    </div>
  );
}

type ControlAttributes = Omit<InputField, keyof Shared> | Omit<TextareaField, keyof Shared>;

/** The input, or the textarea, with its own attributes and the field's. */
function controlOf(attributes: ControlAttributes, field: object) {
  if (attributes.multiline) {
    const { multiline, ...textarea } = attributes;
    return <textarea {...textarea} {...field} />;
  }
  const { multiline, ...input } = attributes;
  return <input {...input} {...field} />;
}
