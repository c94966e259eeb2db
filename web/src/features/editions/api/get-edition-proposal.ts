import { queryOptions, useQuery } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { AdminEdition } from './types';

/** The edition after the newest one as creating it with only its year would make it: the guided form's start. */
export function getEditionProposal(signal?: AbortSignal): Promise<AdminEdition> {
  return answerOf(api.GET('/api/admin/editions/proposal', { signal }));
}

export const editionProposalQueryOptions = queryOptions({
  // Under the admin key: creating an edition invalidates it with the list.
  queryKey: [...adminQueryKey, 'editions', 'proposal'],
  queryFn: ({ signal }) => getEditionProposal(signal),
});

export function useEditionProposal() {
  return useQuery(editionProposalQueryOptions);
}
