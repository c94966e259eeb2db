import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Submission } from '../../../api/types';
import { ApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { sendForm, type UploadOptions } from '../../../lib/upload';
import type { DetailsDraft } from '../components/details-draft';
import { currentEditionQueryKey } from './get-current-edition';
import { submissionsQueryKey } from './get-submissions';

/**
 * Uploads an abstract (POST /api/submissions, multipart: the details as
 * text parts, then the field `file`, so the server checks the details
 * before it receives the file) and answers the stored submission with its
 * guideline checks, reporting its progress (lib/upload.ts).
 */
export function uploadSubmission(file: File, details: DetailsDraft, options: UploadOptions = {}): Promise<Submission> {
  const form = new FormData();
  form.append('title', details.title);
  form.append('coauthors', JSON.stringify(details.coauthors));
  for (const keyword of details.keywords) form.append('keywords', keyword);
  form.append('preferred_format', details.preferred_format);
  form.append('file', file, file.name);
  return sendForm<Submission>('POST', '/api/submissions', form, options);
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
