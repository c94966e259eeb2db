import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError, readApi } from './api-answer';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('readApi (the frame’s GETs without the full client)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends what the full client sends and answers the JSON body', async () => {
    const fetchMock = stubFetch(Response.json({ user: null }));

    await expect(readApi('/api/session')).resolves.toEqual({ user: null });
    const [input] = fetchMock.mock.calls[0] ?? [];
    if (!(input instanceof Request)) throw new Error('no request was sent');
    expect(new URL(input.url).pathname).toBe('/api/session');
    expect(new URL(input.url).origin).toBe(window.location.origin);
    expect(input.method).toBe('GET');
    expect(input.credentials).toBe('include');
    expect(input.headers.get('X-Requested-With')).toBe('colloquy');
    expect(input.headers.get('Accept')).toBe('application/json');
  });

  it("throws the server's refusal as an ApiError, and an outage as status 0", async () => {
    stubFetch(Response.json({ error: 'Too many requests.' }, { status: 429 }));
    const refused = await readApi('/api/content/site').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, message: 'Too many requests.' });

    stubFetch(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(readApi('/api/content/site')).rejects.toMatchObject({ status: 502 });

    stubFetch(new TypeError('Failed to fetch'));
    await expect(readApi('/api/session')).rejects.toMatchObject({ status: 0 });
  });
});
