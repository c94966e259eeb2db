import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * The site's buttons: `primary` goes ahead, `secondary` is the other way
 * out (Cancel, Preview), `danger` deletes or removes for good, `quiet`
 * looks like a link for a small action inside text or a list ('Remove',
 * 'Abstain'). Styled in controls.css, which every page has.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';

/** The classes of a button of `variant`, for a link drawn as a button ('Go to Login Page'). */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string): string {
  const own = variant === 'quiet' ? 'link-button' : variant === 'primary' ? 'button' : `button button-${variant}`;
  return className ? `${own} ${className}` : own;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  ref?: Ref<HTMLButtonElement>;
}

/** A button of the site's look; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({ variant = 'primary', className, type = 'button', ...button }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, className)} {...button} />
  );
}

interface FormActionsProps {
  /** The row's layout class ('button-row', a feature's own). */
  className: string;
  /** Shows a secondary Cancel button after the form's own, when given. */
  onCancel?: () => void;
  children: ReactNode;
}

/** A form's buttons in a row: its own (submit first), then Cancel when the form can be closed without saving. */
export function FormActions({ className, onCancel, children }: FormActionsProps) {
  return (
    <div className={className}>
      {children}
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}
