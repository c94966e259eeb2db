/**
 * Runs the real release server once for the whole suite, on a free port and
 * a fresh data folder, with an OpenID provider on the loopback in Google's
 * place (oidc-provider.ts), and tells the tests where through the
 * environment (the workers are started after this and inherit it):
 *
 * - COLLOQUY_E2E_URL: the site's origin, e.g. http://127.0.0.1:41234
 * - COLLOQUY_E2E_DATA_DIR: its data folder; e-mails land in DATA/outbox/
 * - COLLOQUY_E2E_OIDC_ISSUER: the provider, e.g. http://127.0.0.1:41235
 *
 * The call for abstracts of the current edition (SCULC 2025) is open for
 * the whole run, so that abstracts can be uploaded.
 *
 * The binary is $COLLOQUY_BIN, else target/release/colloquy under
 * $CARGO_TARGET_DIR or the repository's target/. Build the web app, then
 * the binary, which carries it (`make build`), first.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { repoRoot, runCommand, serverBinary, startServer, type RunningServer } from './colloquy-server.ts';
import { startOidcProvider, type RunningOidcProvider } from './oidc-provider.ts';


/** The call for abstracts of SCULC 2025 while the suite runs (see below). */
const CALL_OPENS = '2025-01-01T00:00:00Z';
const CALL_CLOSES = '2099-12-31T23:59:00Z';


export default async function globalSetup(): Promise<() => Promise<void>> {
  const binary = serverBinary();
  if (!existsSync(binary)) {
    throw new Error(
      `no server binary at ${binary}: build it (\`cargo build --release\`) or set COLLOQUY_BIN`,
    );
  }
  // Without a build the server answers every page with a "not built" notice.
  if (!existsSync(join(repoRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist/index.html is missing: run `npm run build` in web/ first');
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'colloquy-e2e-'));
  let provider: RunningOidcProvider | undefined;
  let server: RunningServer;
  try {
    // The provider must know the server's callback URL, port included, before
    // the server (which must know the provider's issuer) starts.
    const port = await freePort();
    const client = {
      clientId: 'colloquy-e2e',
      clientSecret: randomBytes(24).toString('hex'),
      redirectUri: `http://127.0.0.1:${port}/api/accounts/google/callback`,
    };
    provider = await startOidcProvider(client);
    // The seeded current edition, SCULC 2025, closed its call for abstracts
    // on 21 March 2025, so the server refuses every upload (403 call_closed).
    // The submission journeys need it open: the real CLI opens it, as an
    // organiser would, until long after any run of this suite. It migrates
    // the fresh database itself; done before the server starts, no test can
    // see the call closed. (The server reads the edition from the database
    // on every request, so a later change would apply at once as well.)
    await runCommand({
      binary,
      cwd: repoRoot,
      dataDir,
      // --allow-out-of-order: the tests want the call open beside 2025's
      // passed deadlines (a late acceptance asks first), an order the
      // command otherwise refuses (issue 25).
      args: ['edition', 'call', '2025', '--from', CALL_OPENS, '--until', CALL_CLOSES, '--allow-out-of-order'],
    });
    server = await startServer({
      binary,
      cwd: repoRoot,
      dataDir,
      listen: `127.0.0.1:${port}`,
      settings: {
        COLLOQUY_OIDC_ISSUER: provider.issuer,
        COLLOQUY_OIDC_CLIENT_ID: client.clientId,
        COLLOQUY_OIDC_CLIENT_SECRET: client.clientSecret,
      },
    });
  } catch (error) {
    await provider?.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.COLLOQUY_E2E_URL = server.url;
  process.env.COLLOQUY_E2E_DATA_DIR = dataDir;
  process.env.COLLOQUY_E2E_OIDC_ISSUER = provider.issuer;

  // Playwright runs the returned function as the global teardown.
  const running = provider;
  return async () => {
    try {
      await server.stop();
    } finally {
      try {
        await running.stop();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  };
}

/**
 * A port that was free a moment ago: the system picks it, we let it go and
 * the server binds it. Another process could take it in between, but
 * nothing else on this machine hands out ports at that rate.
 */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    probe.close(() => {
      resolve();
    });
  });
  return port;
}
