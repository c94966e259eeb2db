import { queryOptions, useQuery } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { answerOf, api } from '../../../lib/api-client';

/** A session's event on this site, as the person asking sees it. */
export type SessionEvent = components['schemas']['EventOnPage'];

/**
 * The events the sessions name (`event_slug`), by address; those that do
 * not exist are absent. Not asked when no session names one.
 */
export function sessionEventsQueryOptions(slugs: string[]) {
  return queryOptions({
    queryKey: ['events', 'on-naclo-page', slugs.join(',')] as const,
    queryFn: async ({ signal }) => {
      const answer = await answerOf(api.GET('/api/events', { params: { query: { slugs: slugs.join(',') } }, signal }));
      return new Map(answer.events.map((event) => [event.slug, event]));
    },
    enabled: slugs.length > 0,
  });
}

export function useSessionEvents(slugs: string[]) {
  return useQuery(sessionEventsQueryOptions(slugs));
}
