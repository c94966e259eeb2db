import { queryOptions, useQuery } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { answerOf, api } from '../../../lib/api-client';

export type MySlot = components['schemas']['MySlot'];

export const mySlotsQueryOptions = queryOptions({
  queryKey: ['program', 'mine'] as const,
  queryFn: ({ signal }) => answerOf(api.GET('/api/program/mine', { signal })),
});

export function useMySlots() {
  return useQuery(mySlotsQueryOptions);
}
