import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing must pause before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 1200;

/**
 * - `idle`: nothing changed since the page opened;
 * - `unsaved`: changes wait for the pause;
 * - `saving`, `saved`;
 * - `error`: the last save failed (its error is kept; the next change tries again).
 */
export type AutosaveStatus = 'idle' | 'unsaved' | 'saving' | 'saved' | 'error';

/**
 * Saves a draft a moment after the last change (debounced), one save at a
 * time and always the newest value: changes made while a save is under way
 * are saved after it, never lost and never sent out of order. `flush` saves
 * at once (Save & next, leaving the page); `discard` drops what waits (the
 * review was submitted with these values anyway).
 */
export function useAutosave<Value>(save: (value: Value) => Promise<unknown>, delay = AUTOSAVE_DELAY_MS) {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  const pending = useRef<{ value: Value } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Saves run one after another on this chain.
  const chain = useRef<Promise<void>>(Promise.resolve());
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback((): Promise<void> => {
    // Read through a function: what changed during the await is invisible to narrowing.
    const waitingNow = () => pending.current;
    clearTimeout(timer.current);
    const next = chain.current.then(async () => {
      const waiting = pending.current;
      if (!waiting) return;
      pending.current = null;
      setStatus('saving');
      try {
        await saveRef.current(waiting.value);
      } catch (cause) {
        // Kept for the next try unless something newer came meanwhile.
        if (!waitingNow()) pending.current = waiting;
        setError(cause);
        setStatus('error');
        throw cause;
      }
      setStatus(waitingNow() ? 'unsaved' : 'saved');
    });
    chain.current = next.catch(() => undefined);
    return next;
  }, []);

  const changed = useCallback(
    (value: Value) => {
      pending.current = { value };
      setStatus('unsaved');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        flush().catch(() => undefined); // shown through `status` and `error`
      }, delay);
    },
    [delay, flush],
  );

  const discard = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
  }, []);

  // Leaving the page saves what is still waiting rather than dropping it.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current) void saveRef.current(pending.current.value).catch(() => undefined);
    },
    [],
  );

  return { status, error, changed, flush, discard };
}
