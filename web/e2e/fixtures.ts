/**
 * The suite's `test`: every test runs against the server that
 * global-setup.ts started, and fails if the browser logged an error.
 */
import { join } from 'node:path';

import { type Page, test as base, expect } from '@playwright/test';

import { Outbox } from './emails.ts';

export { expect };

export interface ColloquyServer {
  /** The site's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The server's data folder; e-mails are files in DATA/outbox/. */
  dataDir: string;
  /** The OpenID provider standing in for Google (oidc-provider.ts), e.g. http://127.0.0.1:41235 */
  oidcIssuer: string;
}

function fromEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run \`npx playwright test\`, whose global setup starts the server`);
  }
  return value;
}

/** The browser errors of the current test; the suite fails a test that has any. */
export interface BrowserErrors {
  /**
   * Expect errors that match: e.g. the "Failed to load resource: ... 401"
   * that Chromium logs when a test signs in with a wrong password on purpose.
   */
  allow: (pattern: RegExp) => void;
}

/**
 * Origins of the content's embeds (forms, slides). Their sample URLs do not
 * exist and this machine cannot reach them anyway: the browser gets a small
 * stand-in page instead, so a test neither waits on the network nor logs a
 * failed load. (The Content-Security-Policy still decides whether the page
 * may frame them, so a wrong frame-src fails the test with its console error.)
 */
/**
 * Signs the browser out by forgetting its cookies, once the page has been
 * left: the page would otherwise go on asking for its data (the member's
 * home, an admin panel opened a moment ago) without the session, and each
 * 401 would fail the test as a browser error. A request already sent
 * carries the cookie it was sent with.
 */
export async function forgetSession(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

export const EMBED_ORIGINS = ['https://docs.google.com'] as const;

const EMBED_STAND_IN =
  '<!doctype html><html lang="en"><head><title>Sample embed</title></head><body><p>Sample embed</p></body></html>';

export const test = base.extend<
  { browserErrors: BrowserErrors; outbox: Outbox; embeds: undefined },
  { server: ColloquyServer }
>({
  server: [
    // Playwright requires the destructuring pattern even when a fixture needs nothing.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use({
        url: fromEnv('COLLOQUY_E2E_URL'),
        dataDir: fromEnv('COLLOQUY_E2E_DATA_DIR'),
        oidcIssuer: fromEnv('COLLOQUY_E2E_OIDC_ISSUER'),
      });
    },
    { scope: 'worker' },
  ],

  /** The server's sent e-mails (emails.ts). */
  outbox: async ({ server }, use) => {
    await use(new Outbox(join(server.dataDir, 'outbox')));
  },

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  embeds: [
    async ({ context }, use) => {
      for (const origin of EMBED_ORIGINS) {
        await context.route(`${origin}/**`, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: EMBED_STAND_IN }),
        );
      }
      await use(undefined);
    },
    { auto: true },
  ],

  // Automatic: a page that works but logs an error (a failed request, an
  // exception in an effect, a React warning logged as error) fails its test.
  // Listening on the context covers every page the test opens.
  browserErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error') {
          const { url, lineNumber } = message.location();
          errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
        }
      });
      context.on('weberror', (webError) => {
        const error = webError.error();
        errors.push(`page error: ${error.stack ?? error.message}`);
      });
      await use({
        allow: (pattern) => {
          allowed.push(pattern);
        },
      });
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, 'the browser reported errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});
