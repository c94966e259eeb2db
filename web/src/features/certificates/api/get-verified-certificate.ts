import { queryOptions, useQuery } from '@tanstack/react-query';

import type { VerifiedCertificate } from '../../../api/types';
import { ApiError, answerOf, api } from '../../../lib/api-client';

/** What a certificate's verification address shows: who, what, which event and when. */
export function getVerifiedCertificate(code: string, signal?: AbortSignal): Promise<VerifiedCertificate> {
  return answerOf(api.GET('/api/verify/{code}', { params: { path: { code } }, signal }));
}

export function verifiedCertificateQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['verify', code] as const,
    queryFn: ({ signal }) => getVerifiedCertificate(code, signal),
    // An unknown code stays unknown: asking again only delays the answer.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    staleTime: Infinity,
  });
}

export function useVerifiedCertificate(code: string) {
  return useQuery(verifiedCertificateQueryOptions(code));
}
