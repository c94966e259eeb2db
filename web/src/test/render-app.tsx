import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation, type InitialEntry, type Location } from 'react-router';
import { vi } from 'vitest';

import type { SessionUser } from '../api/types';
import { AppProviders, createQueryClient } from '../app/providers';
import { AppRoutes, prefetchRoute } from '../app/router';
import { board, editionPages, naclo, site } from './content-data';

export const visitor = null;

export const member: SessionUser = {
  id: '0b7c6a52-1d5e-4a38-9f0e-5c1d2e3f4a5b',
  email: 'ada@example.edu',
  first_name: 'Ada',
  last_name: 'Lovelace',
  roles: [],
  applicant: false,
  presenter: false,
  profile_complete: true,
  has_password: true,
};

export const admin: SessionUser = { ...member, id: 'c2f1e0d9-8b7a-4c6d-9e5f-4a3b2c1d0e9f', roles: ['admin'] };

/** A request as a handler sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  /** The JSON body, parsed. */
  body: unknown;
}

/** What the fake server remembers between requests. */
export interface FakeServer {
  /** Who GET /api/session and GET /api/me answer with; handlers may change it (sign in, log out). */
  user: SessionUser | null;
}

/** Answers one endpoint, keyed 'METHOD /path' (without the query). */
export type Handler = (request: FakeRequest, server: FakeServer) => Response | Promise<Response>;

/** A request as the app sent it, for tests that check what went over the wire. */
export interface SentRequest extends FakeRequest {
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

/** fetch's arguments as one record, whether the caller passed a Request (the API client) or a URL and options. */
async function sentRequestOf(input: RequestInfo | URL, init?: RequestInit): Promise<SentRequest> {
  if (input instanceof Request) {
    const text = await input.clone().text();
    const url = new URL(input.url);
    return {
      method: input.method,
      path: url.pathname,
      url,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: input.headers,
      credentials: input.credentials,
    };
  }
  const url = new URL(input instanceof URL ? input.href : input, 'http://localhost');
  return {
    method: init?.method ?? 'GET',
    path: url.pathname,
    url,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    headers: new Headers(init?.headers),
    credentials: init?.credentials,
  };
}

const defaultHandlers: Record<string, Handler> = {
  'GET /api/session': (_request, server) => Response.json({ user: server.user }),
  'GET /api/me': (_request, server) =>
    server.user ? Response.json(server.user) : Response.json({ error: 'Please sign in.' }, { status: 401 }),
  'GET /api/accounts/providers': () => Response.json({ google: false }),
  'GET /api/content/site': () => Response.json(site),
  'GET /api/content/board': () => Response.json(board),
  'GET /api/content/naclo': () => Response.json(naclo),
};

// Each edition's content at /api/content/editions/{year}.
for (const [year, edition] of Object.entries(editionPages)) {
  defaultHandlers[`GET /api/content/editions/${year}`] = () => Response.json(edition);
}

export interface RenderAppOptions {
  /** Who is signed in when the app starts. */
  user?: SessionUser | null;
  /**
   * Endpoints beyond (or instead of) the defaults: GET /api/session, /api/me,
   * /api/accounts/providers and the public content (test/content-data.ts).
   */
  api?: Record<string, Handler>;
  /**
   * Starts the session, the page's code and its data before rendering, as
   * main.tsx does (prefetchRoute); tests of the pages leave it to them.
   */
  prefetch?: boolean;
  /**
   * StrictMode, as main.tsx renders in development; off for tests that count
   * requests made at start-up, since its second mount cancels a request in
   * flight and sends it again (production renders once).
   */
  strict?: boolean;
}

/**
 * Renders the whole app (frame and routes) at `entry` in StrictMode, as
 * main.tsx does, with fetch answered by a small fake of the server: each
 * endpoint by its handler, anything else 404.
 */
export function renderApp(
  entry: InitialEntry,
  { user = visitor, api = {}, prefetch = false, strict = true }: RenderAppOptions = {},
) {
  const server: FakeServer = { user };
  const handlers = { ...defaultHandlers, ...api };
  /** Every request the app sent, in order. */
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = await sentRequestOf(input, init);
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    if (!handler) return Response.json({ error: 'Not found' }, { status: 404 });
    return handler(request, server);
  });
  vi.stubGlobal('fetch', fetchMock);

  // Where the app is, as tests read it (`router.state.location`).
  const router = { state: { location: undefined as unknown as Location } };
  function LocationProbe() {
    router.state.location = useLocation();
    return null;
  }
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  if (prefetch) {
    const { pathname = '/', search = '' } = typeof entry === 'string' ? new URL(entry, 'http://localhost') : entry;
    void prefetchRoute(queryClient, { pathname, search });
  }
  const events = userEvent.setup();
  const app = (
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);

  /** The JSON bodies sent to one endpoint ('POST /api/accounts/login'), in order. */
  const requestsTo = (endpoint: string): unknown[] =>
    requests.filter((request) => `${request.method} ${request.path}` === endpoint).map((request) => request.body);

  return { ...view, router, fetchMock, requests, server, requestsTo, user: events };
}

/** A JSON error answer in the server's shape. */
export function errorResponse(
  status: number,
  error: string,
  extra: { fields?: Record<string, string[]>; code?: string } = {},
): Response {
  return Response.json({ error, ...extra }, { status });
}

/** A promise with its resolve function, to hold an answer back (busy labels). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Waits for a message in a live region of `role` ('status' or 'alert')
 * containing `text`, letter for letter. Pages may show several live regions
 * (e.g. a loading status first), so the region is picked by its text.
 */
export function findMessage(role: 'status' | 'alert', text: string): Promise<HTMLElement> {
  return screen.findByText((_content, element) => {
    if (!element || element.getAttribute('role') !== role) return false;
    return element.textContent.includes(text);
  });
}
