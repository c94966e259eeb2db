import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { contractCall } from '../../../lib/contract-call';
import { reviewQueryKey } from './review-query-key';
import type { Conflict, ConflictInput } from './types';

const conflictsKey = [...reviewQueryKey, 'conflicts'] as const;

/** The reviewer's conflicts: their own and those an admin added. */
export function getConflicts(signal?: AbortSignal): Promise<{ conflicts: Conflict[] }> {
  return contractCall('GET', '/api/review/conflicts', undefined, signal);
}

export const conflictsQueryOptions = queryOptions({
  queryKey: conflictsKey,
  queryFn: ({ signal }) => getConflicts(signal),
});

export function useConflicts() {
  return useQuery(conflictsQueryOptions);
}

/** Declares a conflict with a person by name, e-mail or both. */
export function addConflict(input: ConflictInput): Promise<Conflict> {
  return contractCall('POST', '/api/review/conflicts', input);
}

/** Removes a conflict the reviewer declared (an admin's: 403). */
export function removeConflict(id: string): Promise<void> {
  return contractCall('DELETE', `/api/review/conflicts/${encodeURIComponent(id)}`);
}

// A conflict can take a submission off the reviewer's list: refresh everything.
export function useAddConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addConflict,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueryKey }),
  });
}

export function useRemoveConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeConflict,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueryKey }),
  });
}
