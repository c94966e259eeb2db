import { afterEach, describe, expect, it, vi } from 'vitest';

import { api, ApiError, refusalMessage } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends cookies and the CSRF header, and parses JSON', async () => {
    const fetchMock = stubFetch(Response.json({ status: 'ok', database: 'ok' }));

    await expect(api.get('/api/health')).resolves.toEqual({ status: 'ok', database: 'ok' });
    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/health');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('X-Requested-With')).toBe('colloquy');
  });

  it('sends a body as JSON', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));

    await expect(api.post('/api/login', { email: 'a@example.edu' })).resolves.toBeUndefined();
    const { init, headers } = sentRequest(fetchMock);
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Requested-With')).toBe('colloquy');
    expect(init.body).toBe('{"email":"a@example.edu"}');
  });

  it("throws an ApiError with the status and the server's message", async () => {
    stubFetch(
      Response.json(
        { error: 'Incorrect email or password.', fields: { email: ['is required'], password: 'too short' } },
        { status: 422 },
      ),
    );

    const error: unknown = await api.post('/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Incorrect email or password.',
      fields: { email: ['is required'], password: ['too short'] },
    });
  });

  it("carries the server's error code", async () => {
    stubFetch(Response.json({ error: 'This link has expired.', code: 'token_expired' }, { status: 400 }));

    await expect(api.post('/api/accounts/verify-email', { token: 't' })).rejects.toMatchObject({
      status: 400,
      message: 'This link has expired.',
      code: 'token_expired',
      fields: {},
    });
  });

  it('has no code when the server sent none', async () => {
    stubFetch(Response.json({ error: 'Incorrect email or password.' }, { status: 401 }));

    const error: unknown = await api.post('/api/accounts/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBeUndefined();
  });

  it("gives a refusal's own message, but none for outages and unreadable answers", () => {
    expect(refusalMessage(new ApiError(422, 'Use at least 8 characters.'))).toBe('Use at least 8 characters.');
    expect(refusalMessage(new ApiError(500, 'Internal server error'))).toBeUndefined();
    expect(refusalMessage(new ApiError(0, 'Could not reach the server.'))).toBeUndefined();
    expect(refusalMessage(new ApiError(413, 'Something went wrong. Please try again.'))).toBeUndefined();
    expect(refusalMessage(new Error('boom'))).toBeUndefined();
  });

  it('falls back to a generic message when the error body is not JSON', async () => {
    stubFetch(new Response('<html>Bad Gateway</html>', { status: 502 }));

    await expect(api.get('/api/session')).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong. Please try again.',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));

    await expect(api.get('/api/session')).rejects.toMatchObject({ status: 0 });
  });
});
