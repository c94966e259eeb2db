import { queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import type { EditionPage } from '../../../lib/content-types';
import { previewQuery } from '../../../lib/preview';
import { CONTENT_STALE_TIME_MS } from '../../../lib/site-content';

/** One conference edition's pages (404 for a year with no content). */
export function getEdition(year: number, signal?: AbortSignal): Promise<EditionPage> {
  return answerOf(api.GET('/api/content/editions/{year}', { params: { path: { year }, query: previewQuery }, signal }));
}

export function editionQueryOptions(year: number) {
  return queryOptions({
    queryKey: ['content', 'editions', year] as const,
    queryFn: ({ signal }) => getEdition(year, signal),
    staleTime: CONTENT_STALE_TIME_MS,
  });
}

export function useEdition(year: number) {
  return useQuery(editionQueryOptions(year));
}

/** The conference day as an iCalendar file, for 'Add to calendar'. */
export function calendarUrl(year: number): string {
  return `/api/content/editions/${String(year)}/calendar.ics`;
}
