import { queryOptions, useQuery } from '@tanstack/react-query';

import type { MemberHome } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The signed-in member's home: the current edition, their next steps, what waits for them. */
export function getMemberHome(signal?: AbortSignal): Promise<MemberHome> {
  return answerOf(api.GET('/api/me/home', { signal }));
}

/** Prefix of every member's home; changes made from it invalidate by it. */
export const memberHomeQueryKey = ['me', 'home'] as const;

/** Keyed by user, so that after a change of account in the same tab the previous member's home never shows. */
export function memberHomeQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...memberHomeQueryKey, userId] as const,
    queryFn: ({ signal }) => getMemberHome(signal),
  });
}

/** The member's home; nothing is asked for a visitor. */
export function useMemberHome() {
  const { user } = useSession();
  return useQuery({ ...memberHomeQueryOptions(user?.id ?? ''), enabled: user !== null });
}
