import { queryOptions, useQuery } from '@tanstack/react-query';

import type { DeskEvent } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { checkInQueryKey } from './check-in-query-key';

/** The events a desk can open, soonest first. */
export function getCheckInEvents(signal?: AbortSignal): Promise<DeskEvent[]> {
  return answerOf(api.GET('/api/check-in', { signal }));
}

export const checkInEventsQueryOptions = queryOptions({
  queryKey: [...checkInQueryKey, 'events'],
  queryFn: ({ signal }) => getCheckInEvents(signal),
});

export function useCheckInEvents() {
  return useQuery(checkInEventsQueryOptions);
}
