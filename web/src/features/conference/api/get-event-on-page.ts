import { queryOptions, useQuery } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { answerOf, api } from '../../../lib/api-client';

/** An event a page names, as the person asking sees it, and whether its pages keep their external links. */
export type EventOnPage = components['schemas']['EventOnPage'];

/** The address of edition `year`'s registration (server: `edition_slug`). */
export function editionEventSlug(year: number): string {
  return `sculc-${String(year)}`;
}

/**
 * The event at `slug` for an edition's page (null: there is none). Under the
 * event's own key, so that registering, cancelling or taking a place from
 * the page (`useRegistrationActions`) reads it again.
 */
export function eventOnPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['events', slug, 'on-page'] as const,
    queryFn: async ({ signal }) => {
      const answer = await answerOf(api.GET('/api/events', { params: { query: { slugs: slug } }, signal }));
      return answer.events.find((event) => event.slug === slug) ?? null;
    },
  });
}

export function useEventOnPage(slug: string) {
  return useQuery(eventOnPageQueryOptions(slug));
}
