import { apiErrorOf, CSRF_HEADER, CSRF_HEADER_VALUE, unreachableError } from './api-client';

export interface UploadOptions {
  /** Called with the share of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** Aborts the upload (the promise then rejects with the signal's reason). */
  signal?: AbortSignal;
}

/**
 * Sends a multipart `form` (a file upload) to the API, reporting how much
 * of it has been sent, and answers the JSON the server returns.
 *
 * XMLHttpRequest rather than the API client's fetch: fetch cannot report
 * upload progress, and a 20 MB PDF on a slow link must not look frozen. It
 * keeps the client's rules all the same: cookies sent, the CSRF header
 * set, and a non-2xx answer rejected as an ApiError built from the
 * server's `{"error", "code"?}` body.
 */
export function sendForm<Answer>(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => {
      xhr.abort();
    };

    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total <= 0) return;
      // Rounded down: 100% only once every byte is sent.
      onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Answer);
      else reject(apiErrorOf(xhr.status, body));
    };
    xhr.onerror = () => {
      reject(unreachableError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      reject(abortReason(signal));
    };
    xhr.onloadend = () => {
      signal?.removeEventListener('abort', onAbort);
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    xhr.send(form);
  });
}

function abortReason(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('The upload was aborted.', 'AbortError');
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // e.g. a proxy's HTML error page
  }
}
