import { useId, type CSSProperties } from 'react';

interface Choice {
  value: string;
  label: string;
}

interface ChoiceGroupProps {
  legend: string;
  name: string;
  choices: readonly Choice[];
  value: string | undefined;
  onChange: (value: string) => void;
  errors?: readonly string[] | undefined;
  disabled?: boolean;
  /** Marks the group's first radio (data-field), so focus can move to a missing answer. */
  field?: string;
  hint?: string;
  /**
   * A numeric scale (1–5): the choices in equal columns, all on one line
   * when they fit (five do at 320 px), else in even rows of at most five,
   * never one number alone on the last line.
   */
  scale?: boolean;
}

/** Columns for `count` choices: rows of at most five, the rows as even as they can be. */
function scaleColumns(count: number): number {
  const rows = Math.ceil(count / 5);
  return Math.ceil(count / rows);
}

/**
 * One question answered by a choice: a fieldset whose legend is the
 * question, with radios (arrow keys move between them). Its errors are read
 * out with the group.
 */
export function ChoiceGroup({
  legend,
  name,
  choices,
  value,
  onChange,
  errors = [],
  disabled,
  field,
  hint,
  scale = false,
}: ChoiceGroupProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={errors.length ? 'choice-group is-invalid' : 'choice-group'}
      aria-describedby={describedBy || undefined}
      disabled={disabled}
    >
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <div
        className={scale ? 'choices is-scale' : 'choices'}
        style={scale ? ({ '--scale-columns': scaleColumns(choices.length) } as CSSProperties) : undefined}
      >
        {choices.map((choice, index) => (
          <label key={choice.value} className="choice-option">
            <input
              data-field={index === 0 ? field : undefined}
              type="radio"
              name={`${id}-${name}`}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => {
                onChange(choice.value);
              }}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {errors.length > 0 && (
        <ul id={`${id}-error`} className="field-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
