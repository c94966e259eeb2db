import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** While true the button is disabled and, with a `busyLabel`, says so ('Signing In...'). */
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
}

/** A form's submit button, disabled while its request is under way. */
export function SubmitButton({ busy, busyLabel, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="button" disabled={busy}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
