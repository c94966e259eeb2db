/**
 * A server of its own for the committee review tests: reviews belong to the
 * current edition, and automatic assignment and threshold decisions act on
 * every undecided submission in it, so on the suite's shared server they
 * would assign and decide other tests' abstracts. Here the edition holds
 * only this test's submissions, and its e-mails count against its own limit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';

import { CSRF_HEADERS, newPerson, registerVerifiedAccount, submitSignIn, type Person } from './accounts.ts';
import { runCommand, startServer, type RunningServer } from './colloquy-server.ts';
import { Outbox } from './emails.ts';
import { expect, forgetSession } from './fixtures.ts';
import { abstractPdf } from './pdfs.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The binary global-setup.ts started, found the same way. */
function serverBinary(): string {
  if (process.env.COLLOQUY_BIN) return resolve(process.env.COLLOQUY_BIN);
  return join(resolve(repoRoot, process.env.CARGO_TARGET_DIR ?? 'target'), 'release', 'colloquy');
}

export interface ReviewWorld {
  url: string;
  /** This server's data folder (its SQLite database is colloquy.db). */
  dataDir: string;
  outbox: Outbox;
  /** A request context on this server with no session. */
  api: APIRequestContext;
  /** Registers and verifies a person on this server (one e-mail). */
  person: (firstName: string, lastName: string) => Promise<Person>;
  /** Runs a `colloquy` command on this server's data folder. */
  command: (...args: string[]) => Promise<string>;
  /** Signs `person` in through the API and uploads an abstract as `fileName`; its title is the file name. */
  upload: (person: Person, fileName: string) => Promise<void>;
  close: () => Promise<void>;
}

export async function startReviewWorld(playwright: PlaywrightWorkerArgs['playwright']): Promise<ReviewWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'colloquy-e2e-review-'));
  const binary = serverBinary();
  const command = (...args: string[]) => runCommand({ binary, cwd: repoRoot, dataDir, args });
  // As the suite's global setup does: the seeded call closed in March 2025.
  // Open beside 2025's passed deadlines, as the tests want (see global-setup.ts).
  await command(
    'edition', 'call', '2025', '--from', '2025-01-01T00:00:00Z', '--until', '2099-12-31T23:59:00Z', '--allow-out-of-order',
  );
  let server: RunningServer;
  try {
    server = await startServer({ binary, cwd: repoRoot, dataDir });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const outbox = new Outbox(join(dataDir, 'outbox'));
  const api = await playwright.request.newContext({ baseURL: server.url });

  return {
    url: server.url,
    dataDir,
    outbox,
    api,
    command,
    person: async (firstName, lastName) => {
      const someone = newPerson(firstName, lastName);
      await registerVerifiedAccount(api, outbox, someone);
      return someone;
    },
    upload: async (author, fileName) => {
      const session = await playwright.request.newContext({ baseURL: server.url });
      try {
        const signedIn = await session.post('/api/accounts/login', {
          headers: CSRF_HEADERS,
          data: { email: author.email, password: author.password },
        });
        expect(signedIn.status(), await signedIn.text()).toBe(200);
        const uploaded = await session.post('/api/submissions', {
          headers: CSRF_HEADERS,
          // The title part comes first (the server checks the details before the file); the
          // file's name serves as its title, as the screens under test show it.
          multipart: {
            title: fileName,
            file: { name: fileName, mimeType: 'application/pdf', buffer: await abstractPdf() },
          },
        });
        expect(uploaded.status(), await uploaded.text()).toBe(201);
      } finally {
        await session.dispose();
      }
    },
    close: async () => {
      try {
        await api.dispose();
        await server.stop();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Signs the browser in as `person` through the form (after dropping any other session). */
export async function signInAs(page: Page, world: ReviewWorld, person: Person) {
  await forgetSession(page);
  await page.goto(`${world.url}/login`);
  await submitSignIn(page, person.email, person.password);
  await expect(page).toHaveURL(`${world.url}/sculc`);
}

/**
 * An organiser who is admin and reviewer (so two accounts are enough), an
 * author's abstracts with these titles, assigned automatically (to the
 * organiser, the only reviewer); the browser is signed in as the organiser.
 * Answers `call`, the organiser's API requests, checked to succeed.
 */
export async function organiserReviewingUploads(page: Page, world: ReviewWorld, titles: readonly string[]) {
  const organiser = await world.person('Edward', 'Sapir');
  const author = await world.person('Ada', 'Lovelace');
  await world.command('admin', 'grant', organiser.email);
  for (const title of titles) await world.upload(author, title);
  await signInAs(page, world, organiser);
  const me = (await (await page.request.get(`${world.url}/api/session`)).json()) as { user: { id: string } };
  const call = async (method: 'put' | 'post', path: string, data?: unknown) => {
    const response = await page.request[method](`${world.url}${path}`, { headers: CSRF_HEADERS, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as unknown;
  };
  await call('put', `/api/admin/users/${me.user.id}/roles/reviewer`);
  const plan = (await call('post', '/api/admin/reviews/auto-assign/preview')) as { assignments: unknown[] };
  await call('post', '/api/admin/reviews/auto-assign', { assignments: plan.assignments });
  return { call, organiser, author };
}

/** An API session of `person` on the world's server, signed in through the API. */
export async function sessionOf(playwright: PlaywrightWorkerArgs['playwright'], world: ReviewWorld, person: Person) {
  const session = await playwright.request.newContext({ baseURL: world.url, extraHTTPHeaders: CSRF_HEADERS });
  const signedIn = await session.post('/api/accounts/login', { data: { email: person.email, password: person.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return session;
}

/** `response`, once it is known to be a success (else the test fails with its body). */
export async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return response;
}
