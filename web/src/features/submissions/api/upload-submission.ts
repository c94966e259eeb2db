import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Submission } from '../../../api/types';
import { ApiError, apiErrorOf, CSRF_HEADER, CSRF_HEADER_VALUE, unreachableError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import type { DetailsDraft } from '../components/details-draft';
import { currentEditionQueryKey } from './get-current-edition';
import { submissionsQueryKey } from './get-submissions';

export interface UploadOptions {
  /** Called with the share of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** Aborts the upload (the promise then rejects with the signal's reason). */
  signal?: AbortSignal;
}

/**
 * Uploads an abstract (POST /api/submissions, multipart: the details as
 * text parts, then the field `file`, so the server checks the details
 * before it receives the file) and answers the stored submission with its
 * guideline checks.
 *
 * XMLHttpRequest rather than the API client's fetch: fetch cannot report
 * upload progress. It keeps the client's rules all the same: cookies sent,
 * the CSRF header set, and a non-2xx answer rejected as an ApiError built
 * from the server's `{"error", "code"?}` body.
 */
export function uploadSubmission(file: File, details: DetailsDraft, options: UploadOptions = {}): Promise<Submission> {
  const form = new FormData();
  form.append('title', details.title);
  form.append('coauthors', JSON.stringify(details.coauthors));
  for (const keyword of details.keywords) form.append('keywords', keyword);
  form.append('preferred_format', details.preferred_format);
  form.append('file', file, file.name);
  return sendForm('POST', '/api/submissions', form, options);
}

/** Sends `form` with progress, answering the submission the server returns. */
export function sendForm(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<Submission> {
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
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Submission);
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

export interface UploadRequest extends UploadOptions {
  file: File;
  details: DetailsDraft;
}

export function useUploadSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, details, ...options }: UploadRequest) => uploadSubmission(file, details, options),
    onSuccess: () => {
      // The new submission makes the user an applicant (the status button).
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        // Aborted: the server may have stored the file all the same.
        void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
        return;
      }
      // The deadline passed while the page was open: show the closed call.
      if (error.code === 'call_closed') {
        void queryClient.invalidateQueries({ queryKey: currentEditionQueryKey });
      }
    },
  });
}
