import { queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';

export type { MySlot } from '../../../api/types';

export const mySlotsQueryOptions = queryOptions({
  queryKey: ['program', 'mine'] as const,
  queryFn: ({ signal }) => answerOf(api.GET('/api/program/mine', { signal })),
});

export function useMySlots() {
  return useQuery(mySlotsQueryOptions);
}
