/**
 * A real OpenID Connect provider on the loopback, standing in for Google:
 * `oidc-provider` (the certified Node implementation) with its development
 * sign-in and consent pages, which the Google tests drive in the browser.
 *
 * Anyone may sign in with any login and password: the login is the account,
 * and it should be an e-mail address, which the provider vouches for
 * (`email_verified: true`). The names come from the address's local part:
 * `grace.hopper.x7k2@example.test` is Grace Hopper (see namesOf).
 *
 * The colloquy server is its one client, with the secret and redirect URI it
 * is configured with, and checks what it checks against Google: discovery,
 * the authorization code flow with PKCE (S256), client_secret_basic at the
 * token endpoint, and an RS256 ID token (signature via the JWKS, issuer,
 * audience, nonce) that carries the e-mail and the names itself.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import Provider, { type Configuration, type JWK } from 'oidc-provider';

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back, exactly as the client sends it. */
  redirectUri: string;
}

export interface RunningOidcProvider {
  /** e.g. http://127.0.0.1:41235, the `iss` of its tokens. */
  issuer: string;
  stop: () => Promise<void>;
}

/** Short lifetimes: a test run is minutes long, and fixed values silence the library's advice to set them. */
const TTL_SECONDS = 10 * 60;

/** `grace.hopper.x7k2@example.test` → Grace, Hopper; a part that is missing becomes 'Tester'. */
export function namesOf(login: string): { givenName: string; familyName: string } {
  const [given, family] = (login.split('@')[0] ?? '').split(/[.+_-]/);
  const capitalized = (part: string | undefined) =>
    part ? part.charAt(0).toUpperCase() + part.slice(1).toLowerCase() : 'Tester';
  return { givenName: capitalized(given), familyName: capitalized(family) };
}

/** A fresh RS256 signing key for this run; its public half is served at the JWKS endpoint. */
function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'colloquy-e2e', use: 'sig', alg: 'RS256' };
}

function configuration(client: OidcClient): Configuration {
  return {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    // As Google does: the scopes' claims go into the ID token itself, where
    // the server reads them, rather than only to the userinfo endpoint.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    findAccount: (_ctx, login) => ({
      accountId: login,
      claims: () => {
        const { givenName, familyName } = namesOf(login);
        return {
          sub: login,
          email: login.toLowerCase(),
          email_verified: true,
          name: `${givenName} ${familyName}`,
          given_name: givenName,
          family_name: familyName,
        };
      },
    }),
    // The server always sends an S256 challenge; make sure the flow fails if it stops.
    pkce: { required: () => true },
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    ttl: {
      AccessToken: TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: TTL_SECONDS,
      Interaction: TTL_SECONDS,
      Session: TTL_SECONDS,
      Grant: TTL_SECONDS,
    },
    // The default error page says little and loads a web font; show the cause,
    // so that a failing test's screenshot and trace tell what the provider refused.
    renderError: (ctx, out) => {
      ctx.type = 'text/plain';
      ctx.body = `oidc-provider error\n${JSON.stringify(out, null, 2)}`;
    },
  };
}

/**
 * The development pages start with `@import url(https://fonts.googleapis.com/…)`.
 * There is no network but the loopback, and the browser would report the
 * failed load as an error, which fails the test (fixtures.ts): drop the import.
 */
const WEB_FONT_IMPORT = /@import url\(https:\/\/fonts\.googleapis\.com\/[^)]*\);?/g;

export interface OidcProviderOptions {
  /** Told of every request the provider gets (the server's tests count its discovery requests). */
  onRequest?: (method: string, path: string) => void;
}

/** Starts the provider on a free loopback port; `client` is the only client it knows. */
export async function startOidcProvider(
  client: OidcClient,
  { onRequest }: OidcProviderOptions = {},
): Promise<RunningOidcProvider> {
  // Listen first: the issuer URL contains the port, and the provider needs it from the start.
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503).end();
  };
  const server = createServer((request, response) => {
    onRequest?.(request.method ?? '', request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, configuration(client));
  provider.use(async (ctx, next) => {
    // The pages name no icon, so the browser asks for this one; a 404 would be logged as an error.
    if (ctx.path === '/favicon.ico') {
      ctx.status = 204;
      return;
    }
    await next();
    if (ctx.response.is('html') && typeof ctx.body === 'string') {
      ctx.body = ctx.body.replace(WEB_FONT_IMPORT, '');
    }
  });
  // Failures inside the provider otherwise show only as a "failed" notice in colloquy.
  provider.on('server_error', (_ctx, error) => {
    console.error('oidc-provider server_error:', error);
  });
  // Koa's handler answers its own errors; the promise only says when it is done.
  const koaHandler = provider.callback();
  handle = (request, response) => {
    void koaHandler(request, response);
  };

  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        // Browsers and the server's HTTP client keep connections alive.
        server.closeAllConnections();
      }),
  };
}
