import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';

type Schemas = components['schemas'];
export type AdminEventSummary = Schemas['AdminEventSummary'];
export type AdminEvent = Schemas['AdminEvent'];
export type AdminRegistration = Schemas['AdminRegistration'];
export type NewEvent = Schemas['NewEvent'];
export type MoveDirection = Schemas['MoveDirection'];
export type AdminQuestion = Schemas['AdminQuestion'];
export type QuestionText = Schemas['QuestionText'];
export type EventDetails = Schemas['EventDetails'];
export type EventProposal = Schemas['EventProposal'];

const eventsKey = [...adminQueryKey, 'events'] as const;

/** Every event, the latest first, with its counts. */
export const eventsQueryOptions = queryOptions({
  queryKey: eventsKey,
  queryFn: ({ signal }) => answerOf(api.GET('/api/admin/events', { signal })),
});

export function useEvents() {
  return useQuery(eventsQueryOptions);
}

export function eventQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...eventsKey, slug],
    queryFn: ({ signal }) => answerOf(api.GET('/api/admin/events/{slug}', { params: { path: { slug } }, signal })),
  });
}

/** One event and its registrations, asked again every 15 s while shown (people register meanwhile). */
export function useEvent(slug: string | undefined) {
  return useQuery({ ...eventQueryOptions(slug ?? ''), enabled: Boolean(slug), refetchInterval: 15_000 });
}

/** Where the event's registrations download as CSV. */
export function registrationsCsvUrl(slug: string): string {
  return `/api/admin/events/${encodeURIComponent(slug)}/registrations.csv`;
}

/** A change to one event answers the event anew: put it in the cache, and refresh the list's counts. */
function useEventChange<Input>(change: (input: Input) => Promise<AdminEvent>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (event) => {
      queryClient.setQueryData(eventQueryOptions(event.slug).queryKey, event);
      return queryClient.invalidateQueries({ queryKey: eventsKey, exact: true });
    },
  });
}

/** Opens registration for a new event; 409 when its address is taken, 422 with `fields`. */
export function useCreateEvent() {
  return useEventChange((event: NewEvent) => answerOf(api.POST('/api/admin/events', { body: event })));
}

/**
 * Changes an event's name, start, place and window; 422 with `fields`. A new
 * start or place is e-mailed by the server, with the new calendar entry, to
 * everyone registered, offered a place or waiting.
 */
export function useChangeEventDetails() {
  return useEventChange(({ slug, details }: { slug: string; details: EventDetails }) =>
    answerOf(api.PUT('/api/admin/events/{slug}/details', { params: { path: { slug } }, body: details })),
  );
}

/** What "Open registration" starts from: the edition's or NACLO session's name, address, start and place. */
export function useEventProposal(asked: { edition: number } | { session: string }) {
  return useQuery({
    // Under the events' key: opening the event turns `exists` true.
    queryKey: [...eventsKey, 'proposal', asked],
    queryFn: ({ signal }) => answerOf(api.GET('/api/admin/event-proposal', { params: { query: asked }, signal })),
  });
}

/**
 * The NACLO sessions of the published competition page that name their
 * registration's address, in the page's order, to open registration for
 * from the registration screen.
 */
export function useNacloSessions() {
  return useQuery({
    queryKey: [...eventsKey, 'naclo-sessions'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/content/naclo', { signal })),
    select: (naclo) =>
      naclo.events.flatMap((session) => (session.event_slug ? [{ slug: session.event_slug, name: session.name }] : [])),
  });
}

/** Sets an event's places in person; places that come free are offered at once. */
export function useSetCapacity() {
  return useEventChange(({ slug, capacity }: { slug: string; capacity: number }) =>
    answerOf(api.PUT('/api/admin/events/{slug}', { params: { path: { slug } }, body: { capacity } })),
  );
}

/** Moves someone one place up or down the waiting list. */
export function useMoveWaiting() {
  return useEventChange(({ slug, id, direction }: { slug: string; id: string; direction: MoveDirection }) =>
    answerOf(
      api.POST('/api/admin/events/{slug}/registrations/{id}/move', {
        params: { path: { slug, id } },
        body: { direction },
      }),
    ),
  );
}

/** Adds a question to the event, asked after the others; 409 past ten, 422 with `fields.label`. */
export function useAddQuestion() {
  return useEventChange(({ slug, question }: { slug: string; question: QuestionText }) =>
    answerOf(api.POST('/api/admin/events/{slug}/questions', { params: { path: { slug } }, body: question })),
  );
}

/** Rewords a question or changes whether it is required; 422 with `fields.label`. */
export function useChangeQuestion() {
  return useEventChange(({ slug, id, question }: { slug: string; id: string; question: QuestionText }) =>
    answerOf(api.PUT('/api/admin/events/{slug}/questions/{id}', { params: { path: { slug, id } }, body: question })),
  );
}

/** Moves a question one place earlier or later in the form. */
export function useMoveQuestion() {
  return useEventChange(({ slug, id, direction }: { slug: string; id: string; direction: MoveDirection }) =>
    answerOf(
      api.POST('/api/admin/events/{slug}/questions/{id}/move', { params: { path: { slug, id } }, body: { direction } }),
    ),
  );
}

/** Retires a question: no longer asked, its answers kept. */
export function useRetireQuestion() {
  return useEventChange(({ slug, id }: { slug: string; id: string }) =>
    answerOf(api.DELETE('/api/admin/events/{slug}/questions/{id}', { params: { path: { slug, id } } })),
  );
}

export type PersonRegistration = Schemas['PersonRegistration'];

/** One person's registrations, the latest event first (the user table's details). */
export function useUserRegistrations(userId: string) {
  return useQuery({
    queryKey: [...eventsKey, 'of-user', userId],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/admin/users/{id}/registrations', { params: { path: { id: userId } }, signal })),
  });
}
