import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AuditPage } from './types';

/** Rows per page of the activity log. */
export const AUDIT_PER_PAGE = 50;

/** One page of the activity log, newest first. */
export function getAudit(page: number, signal?: AbortSignal): Promise<AuditPage> {
  return answerOf(api.GET('/api/admin/audit', { params: { query: { page, per_page: AUDIT_PER_PAGE } }, signal }));
}

export function auditQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'audit', page],
    queryFn: ({ signal }) => getAudit(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(page: number) {
  return useQuery(auditQueryOptions(page));
}
