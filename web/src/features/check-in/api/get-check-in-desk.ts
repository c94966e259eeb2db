import { queryOptions, useQuery } from '@tanstack/react-query';

import type { CheckInDesk } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { checkInQueryKey } from './check-in-query-key';

/** How often the desk asks for the counts again: other volunteers check people in too. */
export const DESK_POLL_MS = 4_000;

export function getCheckInDesk(slug: string, signal?: AbortSignal): Promise<CheckInDesk> {
  return answerOf(api.GET('/api/check-in/{slug}', { params: { path: { slug } }, signal }));
}

export function checkInDeskQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...checkInQueryKey, 'desk', slug],
    queryFn: ({ signal }) => getCheckInDesk(slug, signal),
    refetchInterval: DESK_POLL_MS,
  });
}

/** The event's desk with its live counts, asked again every few seconds. */
export function useCheckInDesk(slug: string) {
  return useQuery(checkInDeskQueryOptions(slug));
}
