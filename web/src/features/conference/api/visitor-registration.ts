import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { answerOf, api } from '../../../lib/api-client';

export type VisitorRegistration = components['schemas']['VisitorRegistration'];

/** The current edition's registration as a visitor sees it (`event` null: none on the site). */
export const currentRegistrationQueryOptions = queryOptions({
  queryKey: ['registration', 'current'],
  queryFn: ({ signal }) => answerOf(api.GET('/api/registration/current', { signal })),
});

export function useCurrentRegistration() {
  return useQuery(currentRegistrationQueryOptions);
}

/** Asks for the e-mailed link that completes a visitor's registration; 422 with `fields`. */
export function useRequestVisitorRegistration(slug: string) {
  return useMutation({
    mutationFn: (request: VisitorRegistration) =>
      answerOf(api.POST('/api/events/{slug}/visitors', { params: { path: { slug } }, body: request })),
  });
}

/** Follows the e-mailed link: registers the address's account (410 once used or expired). */
export function useConfirmVisitorRegistration() {
  return useMutation({
    mutationFn: ({ slug, token }: { slug: string; token: string }) =>
      answerOf(api.POST('/api/events/{slug}/visitors/confirm', { params: { path: { slug } }, body: { token } })),
  });
}
