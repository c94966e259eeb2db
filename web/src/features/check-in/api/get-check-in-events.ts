import { queryOptions, useQuery } from '@tanstack/react-query';

import { checkInQueryKey } from './check-in-query-key';
import { checkInRequest } from './request';
import type { CheckInEvent } from './types';

/** The events a desk can open, soonest first. */
export function getCheckInEvents(signal?: AbortSignal): Promise<CheckInEvent[]> {
  return checkInRequest('GET', '/api/check-in', { signal });
}

export const checkInEventsQueryOptions = queryOptions({
  queryKey: [...checkInQueryKey, 'events'],
  queryFn: ({ signal }) => getCheckInEvents(signal),
});

export function useCheckInEvents() {
  return useQuery(checkInEventsQueryOptions);
}
