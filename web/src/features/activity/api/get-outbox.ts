import { queryOptions, useQuery } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { OutboxReport } from './types';

/** E-mails that have not gone out: how many wait, and the ones that failed. */
export function getOutbox(signal?: AbortSignal): Promise<OutboxReport> {
  return answerOf(api.GET('/api/admin/outbox', { signal }));
}

export function outboxQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'outbox'],
    queryFn: ({ signal }) => getOutbox(signal),
  });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
