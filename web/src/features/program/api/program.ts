import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';

export type AdminProgram = components['schemas']['AdminProgram'];
export type ProgramSession = components['schemas']['ProgramSession'];
export type ProgramItem = components['schemas']['ProgramItem'];
export type LeftOutItem = components['schemas']['LeftOutItem'];
export type ScheduleWarning = components['schemas']['ScheduleWarning'];
export type SessionInput = components['schemas']['SessionInput'];
export type SessionKind = components['schemas']['SessionKind'];

export function programQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'program', year] as const,
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/admin/program/{year}', { params: { path: { year } }, signal })),
  });
}

export function useProgram(year: number | undefined) {
  return useQuery({ ...programQueryOptions(year ?? 0), enabled: year !== undefined });
}

/** Every change answers with the whole draft, which replaces the cached one. */
function useProgramChange<Input>(year: number, change: (input: Input) => Promise<AdminProgram>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (program) => {
      queryClient.setQueryData(programQueryOptions(year).queryKey, program);
      // The activity log gained an entry.
      return queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'audit'] });
    },
  });
}

export function useCreateSession(year: number) {
  return useProgramChange(year, (body: SessionInput) =>
    answerOf(api.POST('/api/admin/program/{year}/sessions', { params: { path: { year } }, body })),
  );
}

export function useUpdateSession(year: number) {
  return useProgramChange(year, ({ id, body }: { id: string; body: SessionInput }) =>
    answerOf(api.PUT('/api/admin/program/{year}/sessions/{id}', { params: { path: { year, id } }, body })),
  );
}

export function useDeleteSession(year: number) {
  return useProgramChange(year, (id: string) =>
    answerOf(api.DELETE('/api/admin/program/{year}/sessions/{id}', { params: { path: { year, id } } })),
  );
}

export function usePlaceItems(year: number) {
  return useProgramChange(year, ({ id, submissionIds }: { id: string; submissionIds: string[] }) =>
    answerOf(
      api.PUT('/api/admin/program/{year}/sessions/{id}/items', {
        params: { path: { year, id } },
        body: { submission_ids: submissionIds },
      }),
    ),
  );
}

export function usePublishProgram(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(api.POST('/api/admin/program/{year}/publish', { params: { path: { year } } })),
    onSuccess: (program) => {
      queryClient.setQueryData(programQueryOptions(year).queryKey, program);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'audit'] }),
        // The edition page's Program section reads the published program.
        queryClient.invalidateQueries({ queryKey: ['program'] }),
      ]);
    },
  });
}
