import { queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';

export function eventQueryKey(slug: string) {
  return ['events', slug] as const;
}

/** An event and, for a signed-in member, their registration (404: no such event). */
export function useEvent(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: eventQueryKey(slug),
      queryFn: ({ signal }) => answerOf(api.GET('/api/events/{slug}', { params: { path: { slug } }, signal })),
    }),
  );
}
