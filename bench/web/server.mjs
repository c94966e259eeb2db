/**
 * The release binary on a fresh temporary data folder, for the web
 * benchmarks (run.mjs, first-view.mjs). It builds nothing: build first with
 * `make build`, since the binary embeds web/dist.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** $COLLOQUY_BIN, else $CARGO_TARGET_DIR/release/colloquy, else target/release/colloquy. */
export function defaultBinary() {
  if (process.env.COLLOQUY_BIN) return process.env.COLLOQUY_BIN;
  const targetDir = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
  return join(targetDir, 'release/colloquy');
}

/** The environment without any COLLOQUY_* setting of the caller's shell. */
function cleanEnv(dataDir) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('COLLOQUY_') && name !== 'DATABASE_URL'),
  );
  return { ...env, COLLOQUY_CONFIG: join(dataDir, 'no-config.toml') };
}

/**
 * Starts `colloquy serve` on a free port; resolves once it prints where it
 * listens, with its URL, its data folder (the e-mail outbox is
 * DATA/outbox), `command` to run a one-off command on the same data
 * (`command('admin', 'grant', email)`) and `stop`.
 */
export async function startServer(binary) {
  const dataDir = await mkdtemp(join(tmpdir(), 'colloquy-bench-'));
  const env = cleanEnv(dataDir);
  const child = spawn(binary, ['serve', '--listen', '127.0.0.1:0', '--data-dir', dataDir], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error('colloquy did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`colloquy exited (${String(code)}) before listening`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /serving the site at (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
  });
  return {
    url,
    dataDir,
    command: async (...args) =>
      (await promisify(execFile)(binary, [...args, '--data-dir', dataDir], { cwd: ROOT, env })).stdout,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
