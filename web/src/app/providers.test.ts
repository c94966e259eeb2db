import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../lib/api-client';
import { sessionQueryKey } from '../lib/session-query-key';
import { createQueryClient } from './providers';

/** A query client with the session on screen (observed), counting how often it is read. */
async function clientShowingTheSession() {
  const client = createQueryClient();
  const readSession = vi.fn(() => Promise.resolve({ user: null }));
  const observer = new QueryObserver(client, { queryKey: sessionQueryKey, queryFn: readSession });
  stopObserving = observer.subscribe(() => undefined);
  await vi.waitFor(() => {
    expect(readSession).toHaveBeenCalledTimes(1);
  });
  return { client, readSession };
}

let stopObserving: () => void = () => undefined;

afterEach(() => {
  stopObserving();
});

function failingMutation(client: ReturnType<typeof createQueryClient>, error: Error) {
  return new MutationObserver(client, { mutationFn: () => Promise.reject(error) }).mutate().catch(() => undefined);
}

function failingQuery(client: ReturnType<typeof createQueryClient>, queryKey: readonly string[], error: Error) {
  return client.query({ queryKey, queryFn: () => Promise.reject(error), retry: false }).catch(() => undefined);
}

describe('the query client, on a refused request', () => {
  it.each([
    ['a 401 (the session ended)', new ApiError(401, 'Please sign in.')],
    ['a 403 profile_incomplete', new ApiError(403, 'Please complete your profile.', {}, 'profile_incomplete')],
  ])('reads the session again after a mutation gets %s', async (_case, error) => {
    const { client, readSession } = await clientShowingTheSession();

    await failingMutation(client, error);

    await vi.waitFor(() => {
      expect(readSession).toHaveBeenCalledTimes(2);
    });
  });

  it('reads the session again after a query gets a 401', async () => {
    const { client, readSession } = await clientShowingTheSession();

    await failingQuery(client, ['submissions'], new ApiError(401, 'Please sign in.'));

    await vi.waitFor(() => {
      expect(readSession).toHaveBeenCalledTimes(2);
    });
  });

  it.each([
    ['a 422', new ApiError(422, 'Please correct the highlighted fields.')],
    ['another 403', new ApiError(403, 'Admins only.')],
    ['an outage', new ApiError(0, 'Could not reach the server.')],
    ['an abort', new DOMException('The operation was aborted.', 'AbortError')],
  ])('leaves the session alone after %s', async (_case, error) => {
    const { client, readSession } = await clientShowingTheSession();

    await failingMutation(client, error);
    await failingQuery(client, ['submissions'], error);

    expect(client.getQueryState(sessionQueryKey)?.isInvalidated).toBe(false);
    expect(readSession).toHaveBeenCalledTimes(1);
  });

  it('does not read the session again because the session itself failed', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    await failingQuery(client, sessionQueryKey, new ApiError(401, 'Please sign in.'));

    expect(invalidate).not.toHaveBeenCalled();
  });
});
