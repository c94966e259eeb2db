import { afterEach, describe, expect, it, vi } from 'vitest';

import { answerOf, api, ApiError, doneOf, refusalMessage } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The one request the client sent (openapi-fetch hands fetch a Request). */
async function sentRequest(fetchMock: ReturnType<typeof stubFetch>) {
  const [input] = fetchMock.mock.calls[0] ?? [];
  if (!(input instanceof Request)) throw new Error('no request was sent');
  return { url: new URL(input.url), request: input, body: await input.text() };
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends cookies and the CSRF header, and parses JSON', async () => {
    const fetchMock = stubFetch(Response.json({ status: 'ok', database: 'ok' }));

    await expect(answerOf(api.GET('/api/health'))).resolves.toEqual({ status: 'ok', database: 'ok' });
    const { url, request } = await sentRequest(fetchMock);
    expect(url.pathname).toBe('/api/health');
    expect(url.origin).toBe(window.location.origin);
    expect(request.method).toBe('GET');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('X-Requested-With')).toBe('colloquy');
  });

  it('sends a body as JSON', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));

    const request = api.POST('/api/accounts/forgot-password', { body: { email: 'a@example.edu' } });
    await expect(doneOf(request)).resolves.toBeUndefined();
    const { request: sent, body } = await sentRequest(fetchMock);
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.get('X-Requested-With')).toBe('colloquy');
    expect(body).toBe('{"email":"a@example.edu"}');
  });

  it('puts path parameters in the path, escaped', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));

    await doneOf(api.DELETE('/api/submissions/{id}', { params: { path: { id: '../admin?x' } } }));
    const { url } = await sentRequest(fetchMock);
    expect(url.pathname).toBe('/api/submissions/..%2Fadmin%3Fx');
    expect(url.search).toBe('');
  });

  it("throws an ApiError with the status and the server's message", async () => {
    stubFetch(
      Response.json(
        { error: 'Incorrect email or password.', fields: { email: ['is required'], password: 'too short' } },
        { status: 422 },
      ),
    );

    const error: unknown = await answerOf(api.POST('/api/accounts/login', { body: { email: '', password: '' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Incorrect email or password.',
      fields: { email: ['is required'], password: ['too short'] },
    });
  });

  it("carries the server's error code", async () => {
    stubFetch(Response.json({ error: 'This link has expired.', code: 'token_expired' }, { status: 400 }));

    await expect(answerOf(api.POST('/api/accounts/verify-email', { body: { token: 't' } }))).rejects.toMatchObject({
      status: 400,
      message: 'This link has expired.',
      code: 'token_expired',
      fields: {},
    });
  });

  it('has no code when the server sent none', async () => {
    stubFetch(Response.json({ error: 'Incorrect email or password.' }, { status: 401 }));

    const error: unknown = await answerOf(api.POST('/api/accounts/login', { body: { email: '', password: '' } })).catch(
      (e: unknown) => e,
    );
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

    await expect(answerOf(api.GET('/api/session'))).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong. Please try again.',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));

    await expect(answerOf(api.GET('/api/session'))).rejects.toMatchObject({ status: 0 });
  });

  it('lets an aborted request fail as aborted, not as an outage', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))));
    const controller = new AbortController();
    controller.abort();

    const error: unknown = await answerOf(api.GET('/api/session', { signal: controller.signal })).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
