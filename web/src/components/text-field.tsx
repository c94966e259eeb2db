import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The visible label, tied to the input. */
  label: string;
  /** A short help text under the input, read out with it. */
  hint?: string;
  /** The server's (or the form's) messages about this field. */
  errors?: readonly string[] | undefined;
  /** The input, e.g. to move focus to it when it has an error. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its hint and error messages, tied together with
 * aria-describedby so that a screen reader reads them with the field.
 */
export function TextField({ label, hint, errors = [], className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', errors.length ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {errors.length > 0 && (
        <ul id={errorId} className="field-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
