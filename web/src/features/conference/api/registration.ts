import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { answerOf, api } from '../../../lib/api-client';
import { eventQueryKey } from './get-event';
import { memberHomeQueryKey } from './get-member-home';

/** What registering sends: the fixed answers and those to the event's own questions. */
export type RegistrationBody = components['schemas']['RegistrationForm'];
export type QuestionAnswer = components['schemas']['QuestionAnswer'];

function register(slug: string, answers: RegistrationBody) {
  return answerOf(api.POST('/api/events/{slug}/registration', { params: { path: { slug } }, body: answers }));
}

function cancel(slug: string) {
  return answerOf(api.DELETE('/api/events/{slug}/registration', { params: { path: { slug } } }));
}

function changeAnswers(slug: string, answers: QuestionAnswer[]) {
  return answerOf(
    api.PUT('/api/events/{slug}/registration/answers', {
      params: { path: { slug } },
      body: { question_answers: answers },
    }),
  );
}

function acceptOffer(slug: string) {
  return answerOf(api.POST('/api/events/{slug}/registration/accept', { params: { path: { slug } } }));
}

/**
 * Registering, cancelling, taking an offered place and changing one's
 * answers; each reads the member's home and the event's page again.
 */
export function useRegistrationActions(slug: string) {
  const client = useQueryClient();
  const settle = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: memberHomeQueryKey }),
      client.invalidateQueries({ queryKey: eventQueryKey(slug) }),
    ]);
  return {
    register: useMutation({ mutationFn: (answers: RegistrationBody) => register(slug, answers), onSettled: settle }),
    changeAnswers: useMutation({ mutationFn: (answers: QuestionAnswer[]) => changeAnswers(slug, answers), onSettled: settle }),
    cancel: useMutation({ mutationFn: () => cancel(slug), onSettled: settle }),
    accept: useMutation({ mutationFn: () => acceptOffer(slug), onSettled: settle }),
  };
}
