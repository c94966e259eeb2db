import { queryOptions, useQuery } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { answerOf, api } from '../../../lib/api-client';

export type PublishedProgram = components['schemas']['PublishedProgram'];

/** The published program of an edition; null when there is none yet. */
export async function getProgram(year: number, signal?: AbortSignal): Promise<PublishedProgram | null> {
  return (await answerOf(api.GET('/api/program/{year}', { params: { path: { year } }, signal }))) ?? null;
}

export function programQueryOptions(year: number) {
  return queryOptions({
    queryKey: ['program', year] as const,
    queryFn: ({ signal }) => getProgram(year, signal),
  });
}

export function usePublishedProgram(year: number) {
  return useQuery(programQueryOptions(year));
}

/** "Add to calendar" for one talk. */
export function talkCalendarUrl(year: number, code: string): string {
  return `/api/program/${String(year)}/talks/${encodeURIComponent(code)}.ics`;
}
