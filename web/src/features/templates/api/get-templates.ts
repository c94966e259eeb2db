import { queryOptions, useQuery } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { MailTemplate } from './types';

/** The acceptance and rejection e-mails, with the placeholders each may use. */
export function getTemplates(signal?: AbortSignal): Promise<MailTemplate[]> {
  return answerOf(api.GET('/api/admin/templates', { signal }));
}

export const templatesQueryOptions = queryOptions({
  queryKey: [...adminQueryKey, 'templates'],
  queryFn: ({ signal }) => getTemplates(signal),
});

export function useTemplates() {
  return useQuery(templatesQueryOptions);
}
