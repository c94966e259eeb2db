import { queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import type { Naclo } from '../../../lib/content-types';
import { previewQuery } from '../../../lib/preview';
import { CONTENT_STALE_TIME_MS } from '../../../lib/site-content';

/** The competition page: its dates, what to bring, the attendance form. */
export function getNaclo(signal?: AbortSignal): Promise<Naclo> {
  return answerOf(api.GET('/api/content/naclo', { params: { query: previewQuery }, signal }));
}

export const nacloQueryOptions = queryOptions({
  queryKey: ['content', 'naclo'] as const,
  queryFn: ({ signal }) => getNaclo(signal),
  staleTime: CONTENT_STALE_TIME_MS,
});

export function useNaclo() {
  return useQuery(nacloQueryOptions);
}
