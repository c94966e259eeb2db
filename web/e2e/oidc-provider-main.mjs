/**
 * The OpenID provider of the end-to-end tests (oidc-provider.ts) on its own,
 * for the server's API tests (server/tests/api/accounts/oidc.rs), which
 * sign in at it as the browser does in google.spec.ts:
 *
 *   node e2e/oidc-provider-main.mjs CLIENT_ID CLIENT_SECRET REDIRECT_URI
 *
 * Prints `issuer <url>` once it listens, then `request <METHOD> <path>` for
 * each request it gets, and stops when its standard input closes (when the
 * test that started it ends, even if the test crashed). Node 20 cannot load
 * TypeScript by itself: Vite's module runner loads oidc-provider.ts.
 */
import { fileURLToPath } from 'node:url';

import { runnerImport } from 'vite';

const [clientId, clientSecret, redirectUri] = process.argv.slice(2);
if (!clientId || !clientSecret || !redirectUri) {
  console.error('usage: node e2e/oidc-provider-main.mjs CLIENT_ID CLIENT_SECRET REDIRECT_URI');
  process.exit(2);
}

const source = fileURLToPath(new URL('./oidc-provider.ts', import.meta.url));
const { module } = await runnerImport(source, { configFile: false, logLevel: 'error' });
const provider = await module.startOidcProvider(
  { clientId, clientSecret, redirectUri },
  {
    onRequest: (method, path) => {
      console.log(`request ${method} ${path}`);
    },
  },
);
console.log(`issuer ${provider.issuer}`);

process.stdin.on('end', () => {
  void provider.stop().finally(() => process.exit(0));
});
process.stdin.resume();
