import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { answerOf, api, doneOf } from '../../../lib/api-client';
import { reviewQueryKey } from './review-query-key';
import type { Conflict, ConflictInput } from './types';

const conflictsKey = [...reviewQueryKey, 'conflicts'] as const;

/** The reviewer's conflicts: their own and those an admin added. */
export function getConflicts(signal?: AbortSignal): Promise<{ conflicts: Conflict[] }> {
  return answerOf(api.GET('/api/review/conflicts', { signal }));
}

export const conflictsQueryOptions = queryOptions({
  queryKey: conflictsKey,
  queryFn: ({ signal }) => getConflicts(signal),
});

export function useConflicts() {
  return useQuery(conflictsQueryOptions);
}

/**
 * Declares a conflict with a person by name, e-mail or both. The answer is
 * the conflict only, the same whether or not the person wrote anything the
 * reviewer was given: the organisers see what it crosses and reassign.
 */
export function addConflict(input: ConflictInput): Promise<Conflict> {
  return answerOf(api.POST('/api/review/conflicts', { body: input }));
}

/** Removes a conflict the reviewer declared (an admin's: 403). */
export function removeConflict(id: string): Promise<void> {
  return doneOf(api.DELETE('/api/review/conflicts/{id}', { params: { path: { id } } }));
}

// A declared conflict changes only the list of conflicts (never the assignments).
export function useAddConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addConflict,
    onSettled: () => queryClient.invalidateQueries({ queryKey: conflictsKey }),
  });
}

// Nor does removing one.
export function useRemoveConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeConflict,
    onSettled: () => queryClient.invalidateQueries({ queryKey: conflictsKey }),
  });
}
