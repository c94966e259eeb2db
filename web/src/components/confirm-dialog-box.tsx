import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';

import type { DialogRequest } from './confirm-dialog';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  request: DialogRequest;
  onAnswer: (request: DialogRequest, value: boolean) => void;
}

/**
 * A modal <dialog>: showModal() makes the page behind it inert and draws the
 * backdrop. It is an alertdialog, named by its title and described by its
 * message. Focus starts on Cancel (OK for a notice), since every question
 * here guards something that cannot be taken back (an e-mail sent, a
 * deletion, a publication), so Enter on an unexpected dialog does no harm.
 * Tab wraps between its buttons; Esc and Cancel answer no.
 */
export default function ConfirmDialog({ request, onAnswer }: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  const titleId = useId();
  const messageId = useId();
  const isNotice = request.kind === 'notice';

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    (cancelRef.current ?? confirmRef.current)?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  const reply = (value: boolean) => {
    if (answered.current) return;
    answered.current = true;
    dialogRef.current?.close();
    onAnswer(request, value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      reply(false);
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [cancelRef.current, confirmRef.current].filter((button) => button !== null);
    const first = buttons.at(0);
    const last = buttons.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    // A modal dialog's Esc and Tab belong to it (WAI-ARIA's dialog pattern); the rule takes <dialog> for static content.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onKeyDown={onKeyDown}
      // The browser's own close request (Esc, a phone's back gesture): answer no ourselves.
      onCancel={(event) => {
        event.preventDefault();
        reply(false);
      }}
    >
      <h2 id={titleId} className="confirm-dialog-title">
        {request.title}
      </h2>
      <p id={messageId} className="confirm-dialog-message">
        {request.message}
      </p>
      <div className="button-row confirm-dialog-buttons">
        {!isNotice && (
          <button
            ref={cancelRef}
            type="button"
            className="button button-secondary"
            onClick={() => {
              reply(false);
            }}
          >
            {request.cancelLabel}
          </button>
        )}
        <button
          ref={confirmRef}
          type="button"
          className={request.tone === 'danger' ? 'button button-danger' : 'button'}
          onClick={() => {
            reply(true);
          }}
        >
          {request.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
