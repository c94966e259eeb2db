import { queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import type { Board } from '../../../lib/content-types';
import { previewQuery } from '../../../lib/preview';
import { CONTENT_STALE_TIME_MS } from '../../../lib/site-content';

/** Every board term, newest first; the first is the current board. */
export function getBoard(signal?: AbortSignal): Promise<Board> {
  return answerOf(api.GET('/api/content/board', { params: { query: previewQuery }, signal }));
}

export const boardQueryOptions = queryOptions({
  queryKey: ['content', 'board'] as const,
  queryFn: ({ signal }) => getBoard(signal),
  staleTime: CONTENT_STALE_TIME_MS,
});

export function useBoard() {
  return useQuery(boardQueryOptions);
}
