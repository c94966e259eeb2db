import { queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
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
