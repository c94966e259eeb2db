import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';

/**
 * Whether an event's pages (its edition's page, its NACLO session) keep the
 * content's external registration links, as the public answer for the page
 * says it (null: no such event).
 */
export function pageLinksQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'event-page-links', slug] as const,
    queryFn: async ({ signal }) => {
      const answer = await answerOf(api.GET('/api/events', { params: { query: { slugs: slug } }, signal }));
      const event = answer.events.find((candidate) => candidate.slug === slug);
      return event ? event.keep_external_links : null;
    },
  });
}

export function usePageLinks(slug: string) {
  return useQuery(pageLinksQueryOptions(slug));
}

/** Keeps (or gives up) the external registration links on the event's pages; the answer is the saved setting. */
export function useSetPageLinks(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keep: boolean) =>
      answerOf(
        api.PUT('/api/admin/events/{slug}/page-links', {
          params: { path: { slug } },
          body: { keep_external_links: keep },
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(pageLinksQueryOptions(slug).queryKey, saved.keep_external_links);
      // The public pages' own answers (an edition's, NACLO's) are read anew.
      return queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
