import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { RegistrationAnswers } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { eventQueryKey } from './get-event';
import { memberHomeQueryKey } from './get-member-home';

function register(slug: string, answers: RegistrationAnswers) {
  return answerOf(api.POST('/api/events/{slug}/registration', { params: { path: { slug } }, body: answers }));
}

function cancel(slug: string) {
  return answerOf(api.DELETE('/api/events/{slug}/registration', { params: { path: { slug } } }));
}

function acceptOffer(slug: string) {
  return answerOf(api.POST('/api/events/{slug}/registration/accept', { params: { path: { slug } } }));
}

/** Registering, cancelling and taking an offered place; each reads the member's home and the event's page again. */
export function useRegistrationActions(slug: string) {
  const client = useQueryClient();
  const settle = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: memberHomeQueryKey }),
      client.invalidateQueries({ queryKey: eventQueryKey(slug) }),
    ]);
  return {
    register: useMutation({ mutationFn: (answers: RegistrationAnswers) => register(slug, answers), onSettled: settle }),
    cancel: useMutation({ mutationFn: () => cancel(slug), onSettled: settle }),
    accept: useMutation({ mutationFn: () => acceptOffer(slug), onSettled: settle }),
  };
}
