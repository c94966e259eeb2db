import { useCallback, useEffect, useRef, useState } from 'react';

/** How long after the last keystroke a draft is saved. */
export const AUTOSAVE_AFTER_MS = 1500;

/** Where the page's text stands: what the status line says. */
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

interface AutosaveOptions<T> {
  /** What the form holds now. */
  value: T;
  /** What the server holds (as last read or saved). */
  saved: T;
  /** Saves `value`; resolves to whether it was kept. */
  save: (value: T) => Promise<boolean>;
  /** Saving waits while this is false (a conflict the officer must settle first). */
  enabled?: boolean;
  delay?: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the form's text a moment after the officer stops typing, one save
 * at a time (a change made while one is under way is saved after it), and
 * says where it stands. `flush` saves at once what is not saved yet, for a
 * link or a publication that must not leave it behind.
 */
export function useAutosave<T>({ value, saved, save, enabled = true, delay = AUTOSAVE_AFTER_MS }: AutosaveOptions<T>) {
  const [saving, setSaving] = useState(false);
  // The text whose save failed: it is not tried again until it changes.
  const [failedText, setFailedText] = useState<string | null>(null);
  const latest = useRef(value);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const savedRef = useRef(saved);
  const saveRef = useRef(save);
  useEffect(() => {
    latest.current = value;
    savedRef.current = saved;
    saveRef.current = save;
  });

  const dirty = !same(value, saved);
  const failed = failedText !== null && failedText === JSON.stringify(value);

  const flush = useCallback(async (): Promise<boolean> => {
    // One save at a time: wait for the one under way, then save what is newer.
    while (inFlight.current) await inFlight.current;
    if (same(latest.current, savedRef.current)) return true;
    setSaving(true);
    const sent = latest.current;
    const attempt = saveRef.current(sent);
    inFlight.current = attempt;
    try {
      const kept = await attempt;
      setFailedText(kept ? null : JSON.stringify(sent));
      return kept;
    } finally {
      inFlight.current = null;
      setSaving(false);
    }
  }, []);

  useEffect(() => {
    if (!dirty || !enabled || failed) return;
    const timer = setTimeout(() => void flush(), delay);
    return () => {
      clearTimeout(timer);
    };
  }, [value, dirty, enabled, failed, delay, flush]);

  const state: SaveState = saving ? 'saving' : failed ? 'failed' : dirty ? 'unsaved' : 'saved';
  return { state, dirty, flush };
}
