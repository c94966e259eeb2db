import { queryOptions, useQuery } from '@tanstack/react-query';

import type { MyCertificate } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The member's certificates (attendance, presentation) whose event's day has passed. */
export function getMyCertificates(signal?: AbortSignal): Promise<MyCertificate[]> {
  return answerOf(api.GET('/api/me/certificates', { signal }));
}

/** Keyed by user, so that another account in the same tab never sees the previous member's. */
export function myCertificatesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['me', 'certificates', userId] as const,
    queryFn: ({ signal }) => getMyCertificates(signal),
  });
}

/** The member's certificates; nothing is asked for a visitor. */
export function useMyCertificates() {
  const { user } = useSession();
  return useQuery({ ...myCertificatesQueryOptions(user?.id ?? ''), enabled: user !== null });
}
