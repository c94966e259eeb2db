import type { ReactNode } from 'react';

export type MessageTone = 'error' | 'success' | 'info';

/**
 * The spec's rule for result messages (edit profile, upload): one that
 * contains 'success' is styled as success, anything else as an error.
 */
export function toneOf(message: string): MessageTone {
  return message.includes('success') ? 'success' : 'error';
}

interface FormMessageProps {
  tone: MessageTone;
  children: ReactNode;
}

/**
 * A message about a form or a page. Errors are an alert, so screen readers
 * interrupt to read them; success and information are a polite status.
 */
export function FormMessage({ tone, children }: FormMessageProps) {
  return (
    <div className={`form-message is-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
