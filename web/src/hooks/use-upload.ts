import { useCallback, useEffect, useRef, useState } from 'react';

import type { UploadState } from '../components/file-picker';
import type { UploadOptions } from '../lib/upload';

/** How an upload ended: its answer, its error, or canceled by the user (or by leaving the page). */
export type UploadOutcome<Answer> =
  | { status: 'done'; answer: Answer }
  | { status: 'failed'; error: unknown }
  | { status: 'canceled' };

/**
 * One upload at a time with its progress, for a FilePicker: `start(file)`
 * sends it through `send` (e.g. a mutation over lib/upload.ts's sendForm)
 * and settles with its outcome; `progress` is what the picker shows while
 * it runs; `cancel()` aborts it. Leaving the page aborts it too: nothing
 * would be left to say how it went.
 */
export function useUpload<Answer>(send: (file: File, options: UploadOptions) => Promise<Answer>) {
  const [progress, setProgress] = useState<UploadState | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const start = async (file: File): Promise<UploadOutcome<Answer>> => {
    const own = new AbortController();
    controller.current = own;
    setProgress({ file, percent: 0 });
    try {
      const answer = await send(file, {
        signal: own.signal,
        onProgress: (percent) => {
          setProgress({ file, percent });
        },
      });
      return { status: 'done', answer };
    } catch (error) {
      return own.signal.aborted ? { status: 'canceled' } : { status: 'failed', error };
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setProgress(null);
      }
    }
  };

  const cancel = useCallback(() => {
    controller.current?.abort(new DOMException('The upload was canceled.', 'AbortError'));
  }, []);

  return { progress, start, cancel };
}
