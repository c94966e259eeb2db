import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { AuditPage } from './types';

/** Rows per page of the activity log. */
export const AUDIT_PER_PAGE = 50;

/** One page of the activity log, newest first: edition `edition`'s entries, or every entry (undefined). */
export function getAudit(page: number, edition: number | undefined, signal?: AbortSignal): Promise<AuditPage> {
  return answerOf(
    api.GET('/api/admin/audit', { params: { query: { page, per_page: AUDIT_PER_PAGE, edition } }, signal }),
  );
}

export function auditQueryOptions(page: number, edition: number | undefined) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'audit', edition ?? 'all', page],
    queryFn: ({ signal }) => getAudit(page, edition, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(page: number, edition: number | undefined) {
  return useQuery(auditQueryOptions(page, edition));
}
