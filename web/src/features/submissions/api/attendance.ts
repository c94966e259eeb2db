import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AttendanceAnswer, MaterialKind, Submission } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { sendForm, type UploadOptions } from '../../../lib/upload';
import { submissionsQueryKey } from './get-submissions';

/** Confirms or declines the presentation of an accepted submission. */
export function answerAttendance(id: string, answer: AttendanceAnswer): Promise<Submission> {
  return answerOf(api.PUT('/api/submissions/{id}/attendance', { params: { path: { id } }, body: answer }));
}

export function useAnswerAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: AttendanceAnswer }) => answerAttendance(id, answer),
    // On failure too: a 409 means the deadline passed, and the list read
    // again shows the answer read-only.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
    },
  });
}

/** Uploads (or replaces) the slides or poster of a confirmed presentation. */
export function uploadMaterial(id: string, kind: MaterialKind, file: File, options: UploadOptions = {}) {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendForm<Submission>('PUT', `/api/submissions/${encodeURIComponent(id)}/materials/${kind}`, form, options);
}

export function useUploadMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, file, ...options }: { id: string; kind: MaterialKind; file: File } & UploadOptions) =>
      uploadMaterial(id, kind, file, options),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
    },
  });
}
