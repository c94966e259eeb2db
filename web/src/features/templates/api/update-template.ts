import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { MailTemplate, TemplateKind } from './types';

export interface UpdateTemplateInput {
  kind: TemplateKind;
  subject: string;
  body: string;
}

/** Saves one e-mail; 422 with `fields` for an unknown placeholder or an empty or too long text. */
export function updateTemplate({ kind, subject, body }: UpdateTemplateInput): Promise<MailTemplate> {
  return answerOf(api.PUT('/api/admin/templates/{kind}', { params: { path: { kind } }, body: { subject, body } }));
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
