import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

import './confirm-dialog.css';

export interface ConfirmOptions {
  /** The dialog's visible title, which names it ('Delete submission'). */
  title: string;
  /** The question, word for word as the page asked it before. */
  message: string;
  /** The button that goes ahead ('Delete'). */
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' draws the going-ahead button red: it deletes or removes something for good. */
  tone?: 'default' | 'danger';
}

export interface NoticeOptions {
  title: string;
  /** The message, word for word (the spec's 'Your submission has been deleted.'). */
  message: string;
  okLabel?: string;
}

interface DialogRequest {
  /** Tells one request from the next, so each gets a dialog of its own. */
  id: number;
  kind: 'confirm' | 'notice';
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  tone: 'default' | 'danger';
  /** What had focus when the dialog was asked for; it gets focus back. */
  opener: Element | null;
  resolve: (answer: boolean) => void;
}

interface DialogApi {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  notice: (options: NoticeOptions) => Promise<void>;
}

const DialogContext = createContext<DialogApi | null>(null);

function useDialogApi(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useConfirm and useNotice need a <DialogProvider> above them (AppProviders has one).');
  return api;
}

/**
 * Asks a question in the site's dialog instead of window.confirm: resolves
 * true when the user goes ahead, false on Cancel or Esc.
 */
export function useConfirm(): DialogApi['confirm'] {
  return useDialogApi().confirm;
}

/** Tells the user something in the site's dialog instead of window.alert; resolves once it is closed. */
export function useNotice(): DialogApi['notice'] {
  return useDialogApi().notice;
}

/**
 * Holds the one dialog of the app. Requests made while one is open wait
 * their turn, as window.confirm's did.
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<DialogRequest[]>([]);
  const lastId = useRef(0);

  const ask = useCallback((request: Omit<DialogRequest, 'id' | 'opener' | 'resolve'>) => {
    return new Promise<boolean>((resolve) => {
      lastId.current += 1;
      const next = { ...request, id: lastId.current, opener: document.activeElement, resolve };
      setQueue((waiting) => [...waiting, next]);
    });
  }, []);

  const api = useMemo<DialogApi>(
    () => ({
      confirm: ({ title, message, confirmLabel, cancelLabel = 'Cancel', tone = 'default' }) =>
        ask({ kind: 'confirm', title, message, confirmLabel, cancelLabel, tone }),
      notice: async ({ title, message, okLabel = 'OK' }) => {
        await ask({ kind: 'notice', title, message, confirmLabel: okLabel, cancelLabel: '', tone: 'default' });
      },
    }),
    [ask],
  );

  const current = queue.at(0);
  const answer = useCallback(
    (request: DialogRequest, value: boolean) => {
      setQueue((waiting) => waiting.filter((item) => item !== request));
      // Back to where the user was before the caller goes on, so that a
      // caller moving focus elsewhere (the × that is gone) has the last word.
      if (request.opener instanceof HTMLElement && request.opener.isConnected) {
        request.opener.focus();
      }
      request.resolve(value);
    },
    [],
  );

  return (
    <DialogContext.Provider value={api}>
      {children}
      {current && <ConfirmDialog key={current.id} request={current} onAnswer={answer} />}
    </DialogContext.Provider>
  );
}

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
function ConfirmDialog({ request, onAnswer }: ConfirmDialogProps) {
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
