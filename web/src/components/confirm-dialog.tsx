import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/*
 * The dialog itself (its markup, keys and stylesheet) loads when the first
 * question is asked: every page has the provider, few pages ask anything,
 * and the home page has a JavaScript budget (bench/README.md). Pages that
 * ask call useConfirm/useNotice, which fetch it as they render, so it is
 * there by the time someone clicks.
 */
const loadDialogBox = () => import('./confirm-dialog-box');
const ConfirmDialog = lazy(loadDialogBox);

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

export interface DialogRequest {
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
  void loadDialogBox();
  return useDialogApi().confirm;
}

/** Tells the user something in the site's dialog instead of window.alert; resolves once it is closed. */
export function useNotice(): DialogApi['notice'] {
  void loadDialogBox();
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
      {current && (
        <Suspense fallback={null}>
          <ConfirmDialog key={current.id} request={current} onAnswer={answer} />
        </Suspense>
      )}
    </DialogContext.Provider>
  );
}
