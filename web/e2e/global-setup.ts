/**
 * Runs the real release server once for the whole suite, on a free port and
 * a fresh data folder, and tells the tests where through the environment
 * (the workers are started after this and inherit it):
 *
 * - COLLOQUY_E2E_URL: the site's origin, e.g. http://127.0.0.1:41234
 * - COLLOQUY_E2E_DATA_DIR: its data folder; e-mails land in DATA/outbox/
 *
 * The binary is $COLLOQUY_BIN, else target/release/colloquy under
 * $CARGO_TARGET_DIR or the repository's target/. Build it and the web app
 * (web/dist, which the server serves) first.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startServer } from './colloquy-server.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function serverBinary(): string {
  if (process.env.COLLOQUY_BIN) return resolve(process.env.COLLOQUY_BIN);
  const targetDir = resolve(repoRoot, process.env.CARGO_TARGET_DIR ?? 'target');
  return join(targetDir, 'release', 'colloquy');
}

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
  let server;
  try {
    server = await startServer({ binary, cwd: repoRoot, dataDir });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.COLLOQUY_E2E_URL = server.url;
  process.env.COLLOQUY_E2E_DATA_DIR = dataDir;

  // Playwright runs the returned function as the global teardown.
  return async () => {
    try {
      await server.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  };
}
