import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import type { QuestionAnswer } from './registration';

/*
 * A registration's own link (/registration/manage#TOKEN, from its
 * confirmation or offer e-mail): whoever holds it sees the registration,
 * cancels it or takes a place offered, without signing in. The token goes
 * in the body, never in an address.
 */

function managedQueryKey(token: string) {
  return ['registration', 'manage', token] as const;
}

/** The event as the link's person sees it (`mine` null once cancelled or run out; 404: not a valid link). */
export function useManagedRegistration(token: string) {
  return useQuery(
    queryOptions({
      queryKey: managedQueryKey(token),
      queryFn: ({ signal }) => answerOf(api.POST('/api/registration/manage', { body: { token }, signal })),
      enabled: token !== '',
      retry: false,
    }),
  );
}

/** Cancelling, taking an offered place and changing the answers, by the link; each answers the event as it now stands. */
export function useLinkActions(token: string) {
  const client = useQueryClient();
  const settle = (view: Awaited<ReturnType<typeof cancel>>) => {
    client.setQueryData(managedQueryKey(token), view);
  };
  const cancel = () => answerOf(api.POST('/api/registration/manage/cancel', { body: { token } }));
  const accept = () => answerOf(api.POST('/api/registration/manage/accept', { body: { token } }));
  const changeAnswers = (answers: QuestionAnswer[]) =>
    answerOf(api.PUT('/api/registration/manage/answers', { body: { token, question_answers: answers } }));
  return {
    cancel: useMutation({ mutationFn: cancel, onSuccess: settle }),
    accept: useMutation({ mutationFn: accept, onSuccess: settle }),
    changeAnswers: useMutation({ mutationFn: changeAnswers, onSuccess: settle }),
  };
}
