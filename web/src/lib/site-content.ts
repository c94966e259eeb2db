import { queryOptions, useQuery } from '@tanstack/react-query';

import { readApi } from './api-answer';
import type { Site } from './content-types';
import { previewSearch } from './preview';

/*
 * The site's own content (footer, home text and gallery, the editions of
 * the nav's SCULC dropdown) is shared code, like the session: the frame
 * (footer, nav) and the home page both read it, and features do not import
 * from one another. features/home/api/get-site.ts re-exports it.
 */

/** Public content changes only when an editor publishes (who then refreshes it in their tab). */
export const CONTENT_STALE_TIME_MS = 5 * 60_000;

export function getSite(signal?: AbortSignal): Promise<Site> {
  return readApi('/api/content/site', signal, previewSearch);
}

export const siteQueryOptions = queryOptions({
  queryKey: ['content', 'site'] as const,
  queryFn: ({ signal }) => getSite(signal),
  staleTime: CONTENT_STALE_TIME_MS,
});

/** The site content: footer, home page, gallery, nav editions. */
export function useSite() {
  return useQuery(siteQueryOptions);
}
