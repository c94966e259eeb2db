import {
  useId,
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/*
 * The site's form fields, one look for every screen (GOV.UK's pattern):
 * the label above the control, a hint under it, the errors under that, all
 * read out with the control (aria-describedby). Each control is as wide as
 * what it holds: text and text areas the form's width, a number its digits,
 * a date-time its own parts, a select its longest choice. Styled in
 * controls.css.
 */

interface FieldText {
  /** The visible label, tied to the control. */
  label: ReactNode;
  /** A short help text under the control, read out with it. */
  hint?: ReactNode;
  /** The server's (or the form's) messages about this field. */
  errors?: readonly string[] | undefined;
}

/** The ids that tie a control to its hint and errors. */
function useFieldIds(hint: ReactNode, errors: readonly string[]) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', errors.length ? errorId : ''].filter(Boolean).join(' ');
  return { id, hintId, errorId, describedBy: describedBy || undefined, invalid: errors.length ? true : undefined };
}

function FieldNotes({ hint, hintId, errors, errorId }: { hint: ReactNode; hintId: string; errors: readonly string[]; errorId: string }) {
  return (
    <>
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
    </>
  );
}

function fieldClass(className: string | undefined) {
  return className ? `field ${className}` : 'field';
}

interface InputFieldProps extends FieldText, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The input, e.g. to move focus to it when it has an error. */
  ref?: Ref<HTMLInputElement>;
  /** A button beside the input, sharing its line ('Search'); the input takes the rest of the width. */
  action?: ReactNode;
}

function InputField({ label, hint, errors = [], className, action, ...input }: InputFieldProps) {
  const ids = useFieldIds(hint, errors);
  const control = <input id={ids.id} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...input} />;
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={ids.id}>{label}</label>
      {action ? (
        <div className="field-with-action">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
      <FieldNotes hint={hint} hintId={ids.hintId} errors={errors} errorId={ids.errorId} />
    </div>
  );
}

/** A labelled text input (text, e-mail, password…) as wide as the form. */
export function TextField(props: InputFieldProps) {
  return <InputField {...props} />;
}

interface NumberFieldProps extends Omit<InputFieldProps, 'type'> {
  /**
   * How many characters the input is wide: by default the digits of `max`
   * (a word limit of 999 gets a three-digit box), else 4.
   */
  chars?: number;
}

/** A labelled number, its box as wide as the number it takes, not the form. */
export function NumberField({ chars, style, ...props }: NumberFieldProps) {
  const width = chars ?? (props.max === undefined ? 4 : String(props.max).length);
  return (
    <InputField
      type="number"
      {...props}
      className={props.className}
      style={{ ...style, '--control-chars': width } as CSSProperties}
      data-control="number"
    />
  );
}

interface DateTimeFieldProps extends Omit<InputFieldProps, 'type'> {
  type?: 'datetime-local' | 'date' | 'time';
}

/** A labelled date, time or both, as wide as the browser's own parts ('mm/dd/yyyy, --:-- --'). */
export function DateTimeField({ type = 'datetime-local', ...props }: DateTimeFieldProps) {
  return <InputField type={type} data-control="date-time" {...props} />;
}

interface SelectFieldProps extends FieldText, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  ref?: Ref<HTMLSelectElement>;
  /** The <option>s. */
  children: ReactNode;
}

/** A labelled select, as wide as its longest choice (never wider than its container). */
export function SelectField({ label, hint, errors = [], className, children, ...select }: SelectFieldProps) {
  const ids = useFieldIds(hint, errors);
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={ids.id}>{label}</label>
      <select id={ids.id} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} data-control="select" {...select}>
        {children}
      </select>
      <FieldNotes hint={hint} hintId={ids.hintId} errors={errors} errorId={ids.errorId} />
    </div>
  );
}

interface TextAreaFieldProps extends FieldText, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area, as wide as the form, grown by its user. */
export function TextAreaField({ label, hint, errors = [], className, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, errors);
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={ids.id}>{label}</label>
      <textarea id={ids.id} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...textarea} />
      <FieldNotes hint={hint} hintId={ids.hintId} errors={errors} errorId={ids.errorId} />
    </div>
  );
}

interface CheckboxFieldProps extends Omit<FieldText, 'errors'>, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  ref?: Ref<HTMLInputElement>;
  /**
   * For a table's cell (the user table's roles): 28 px high instead of 44,
   * so that a row of boxes does not make every row tall; still above the
   * 24 px a target needs (WCAG 2.5.8).
   */
  compact?: boolean;
}

/** A checkbox beside its label (the whole label toggles it), its box level with the label's first line. */
export function CheckboxField({ label, hint, className, compact = false, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(hint, []);
  const own = compact ? 'check-field is-compact' : 'check-field';
  return (
    <div className={className ? `${own} ${className}` : own}>
      <input id={ids.id} type="checkbox" aria-describedby={ids.describedBy} {...input} />
      <label htmlFor={ids.id}>{label}</label>
      {hint && (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

interface FieldGroupProps extends Omit<FieldText, 'label'> {
  /** What the fields have in common ('Limits', 'Keywords'), as the group's legend. */
  legend: ReactNode;
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * Fields that belong together (a co-author's, the call's dates), or one
 * question answered by several boxes (Keywords): a fieldset in a box, its
 * legend on the box's edge, its hint and errors read out with it. On a
 * phone the box goes (controls.css): its border and padding would leave a
 * date-time input too narrow for its text at 375 px.
 */
export function FieldGroup({ legend, hint, errors = [], className, disabled, children }: FieldGroupProps) {
  const ids = useFieldIds(hint, errors);
  const groupClass = ['field-group', errors.length ? 'is-invalid' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <fieldset className={groupClass} aria-describedby={ids.describedBy} disabled={disabled}>
      <legend>{legend}</legend>
      <FieldNotes hint={hint} hintId={ids.hintId} errors={errors} errorId={ids.errorId} />
      {children}
    </fieldset>
  );
}

export interface RadioChoice<Value extends string> {
  value: Value;
  label: ReactNode;
}

/**
 * How a RadioGroup's choices are laid out: `list` one under another, a
 * radio beside each answer; `pills` side by side, each answer a box that is
 * all the radio's (at least 44 px high), wrapping as they fit; `scale` a
 * numeric scale (1–5) of such boxes in equal columns, all on one line when
 * they fit (five do at 320 px), else in even rows of at most five, never
 * one number alone on the last line.
 */
export type RadioLook = 'list' | 'pills' | 'scale';

interface RadioGroupProps<Value extends string> extends Omit<FieldText, 'label'> {
  /** The question, as the group's legend. */
  legend: ReactNode;
  name: string;
  choices: readonly RadioChoice<Value>[];
  value: Value | undefined;
  onChange: (value: Value) => void;
  disabled?: boolean;
  required?: boolean;
  className?: string;
  look?: RadioLook;
  /** The first radio, e.g. to move focus to the question when it opens. */
  firstRef?: Ref<HTMLInputElement>;
  /** Marks the first radio (data-field), so a form can move focus to a missing answer by its field's name. */
  field?: string;
}

/** Columns for `count` choices: rows of at most five, the rows as even as they can be. */
function scaleColumns(count: number): number {
  const rows = Math.ceil(count / 5);
  return Math.ceil(count / rows);
}

/** One question answered by one choice: a fieldset, its legend the question, a radio for each answer (arrow keys move between them). */
export function RadioGroup<Value extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  hint,
  errors = [],
  disabled,
  required,
  className,
  look = 'list',
  firstRef,
  field,
}: RadioGroupProps<Value>) {
  const ids = useFieldIds(hint, errors);
  const groupClass = ['radio-group', `is-${look}`, errors.length ? 'is-invalid' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className={groupClass} aria-describedby={ids.describedBy} disabled={disabled}>
      <legend>{legend}</legend>
      {hint && (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      )}
      <div
        className="radio-choices"
        style={look === 'scale' ? ({ '--scale-columns': scaleColumns(choices.length) } as CSSProperties) : undefined}
      >
        {choices.map((choice, index) => (
          <div key={choice.value} className={look === 'list' ? 'check-field' : 'radio-pill'}>
            <input
              ref={index === 0 ? firstRef : undefined}
              data-field={index === 0 ? field : undefined}
              id={`${ids.id}-${choice.value}`}
              type="radio"
              name={`${ids.id}-${name}`}
              value={choice.value}
              checked={value === choice.value}
              required={required}
              onChange={() => {
                onChange(choice.value);
              }}
            />
            <label htmlFor={`${ids.id}-${choice.value}`}>{choice.label}</label>
          </div>
        ))}
      </div>
      <FieldNotes hint={undefined} hintId={ids.hintId} errors={errors} errorId={ids.errorId} />
    </fieldset>
  );
}
