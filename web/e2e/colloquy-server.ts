/**
 * Starts and stops the real release binary for the end-to-end tests, and
 * runs its one-off commands on the same data folder (runCommand).
 *
 * The server prints exactly one line on stdout once it listens:
 * `colloquy is serving the site at http://127.0.0.1:PORT`; everything else
 * (its log) goes to stderr, which we keep the end of to explain failures.
 */
import { execFile, spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The repository's root folder (the servers' working directory). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The release binary under test: `COLLOQUY_BIN`, or the one `make build` makes. */
export function serverBinary(): string {
  if (process.env.COLLOQUY_BIN) return resolve(process.env.COLLOQUY_BIN);
  return join(resolve(repoRoot, process.env.CARGO_TARGET_DIR ?? 'target'), 'release', 'colloquy');
}

const READY_LINE = /^colloquy is serving the site at (http:\/\/\S+)$/;
const START_TIMEOUT_MS = 30_000;
// On SIGTERM the server waits up to 20 s (SHUTDOWN_GRACE) for requests in
// flight, then stops anyway: beyond that, it is stuck.
const STOP_TIMEOUT_MS = 25_000;
const STDERR_TAIL_BYTES = 16_000;
const COMMAND_TIMEOUT_MS = 30_000;

export interface ServerOptions {
  /** The `colloquy` executable. */
  binary: string;
  /** Working directory: the repository root (the binary serves the web app built into it). */
  cwd: string;
  /** A fresh data folder: SQLite database, stored files and the e-mail outbox. */
  dataDir: string;
  /** `--listen`; the default, port 0, lets the system pick a free port. */
  listen?: string;
  /** The suite's own `COLLOQUY_*` settings (e.g. the OpenID provider), the only ones it gets. */
  settings?: Readonly<Record<string, string>>;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** SIGTERM, then waits for a clean exit; throws if it does not come. */
  stop: () => Promise<void>;
  /** SIGKILL, as a crash would end it, and waits for it to be gone. */
  kill: () => Promise<void>;
}

export async function startServer({
  binary,
  cwd,
  dataDir,
  listen = '127.0.0.1:0',
  settings = {},
}: ServerOptions): Promise<RunningServer> {
  const child = spawn(binary, ['serve', '--listen', listen, '--data-dir', dataDir], {
    cwd,
    env: { ...isolatedEnv(dataDir), ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
  });
  const describe = (what: string) => `${what}\n--- colloquy stderr (end) ---\n${stderr || '(empty)'}`;

  // Should the runner die without teardown, take the server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let url: string;
  try {
    url = await readyUrl(child, START_TIMEOUT_MS, describe);
  } catch (error) {
    child.kill('SIGKILL');
    process.off('exit', killOnExit);
    throw error;
  }

  return {
    url,
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) {
        const how = `code ${String(child.exitCode)}, signal ${String(child.signalCode)}`;
        throw new Error(describe(`colloquy had already exited (${how}) before teardown`));
      }
      const exited = waitForExit(child, STOP_TIMEOUT_MS);
      child.kill('SIGTERM');
      const code = await exited;
      if (code === 'timeout') {
        child.kill('SIGKILL');
        throw new Error(describe(`colloquy did not stop within ${STOP_TIMEOUT_MS} ms of SIGTERM`));
      }
      if (code !== 0) throw new Error(describe(`colloquy exited with ${code} after SIGTERM`));
    },
    kill: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = waitForExit(child, STOP_TIMEOUT_MS);
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface CommandOptions {
  /** The `colloquy` executable. */
  binary: string;
  /** Working directory: the repository root, as for the server. */
  cwd: string;
  /** The server's data folder, which the command works on. */
  dataDir: string;
  /** The command and its arguments, e.g. `['edition', 'call', '2025', ...]`. */
  args: readonly string[];
}

/**
 * Runs a one-off `colloquy` command (e.g. `edition call`) on the data folder
 * with the same isolated environment as the server, and answers its stdout.
 * A failure rejects with an error that quotes the command and its stderr.
 */
export async function runCommand({ binary, cwd, dataDir, args }: CommandOptions): Promise<string> {
  const { stdout } = await promisify(execFile)(binary, [...args, '--data-dir', dataDir], {
    cwd,
    env: isolatedEnv(dataDir),
    timeout: COMMAND_TIMEOUT_MS,
  });
  return stdout;
}

/**
 * The caller's environment without anything that would point the server
 * at state other than the fresh data folder: DATABASE_URL (PostgreSQL),
 * COLLOQUY_* (SMTP, S3, listen address, web dir...) and a colloquy.toml in
 * the repository root, which COLLOQUY_CONFIG redirects to a file that does
 * not exist. Unset SMTP means e-mails land in DATA/outbox, where tests read them.
 */
function isolatedEnv(dataDir: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && !name.startsWith('COLLOQUY_')),
  );
  return { ...env, COLLOQUY_CONFIG: `${dataDir}/no-config-file.toml` };
}

function readyUrl(
  child: ChildProcessByStdio<null, Readable, Readable>,
  timeoutMs: number, describe: (what: string) => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      settle(() => {
        reject(new Error(describe(`colloquy did not print its address within ${timeoutMs} ms`)));
      });
    }, timeoutMs);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      // Let the last of stderr arrive before quoting it.
      setTimeout(() => {
        settle(() => {
          const how = `code ${String(code)}, signal ${String(signal)}`;
          reject(new Error(describe(`colloquy exited (${how}) before it was ready`)));
        });
      }, 100);
    };
    const onError = (error: Error) => {
      settle(() => {
        reject(new Error(`cannot start ${child.spawnfile}: ${error.message}`));
      });
    };
    // The interface keeps draining stdout after the line, so the pipe never fills.
    const lines = createInterface({ input: child.stdout });
    const onLine = (line: string) => {
      const match = READY_LINE.exec(line.trim());
      if (match?.[1]) {
        const found = match[1];
        settle(() => {
          resolve(found);
        });
      }
    };

    let settled = false;
    function settle(finish: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.off('error', onError);
      lines.off('line', onLine);
      finish();
    }

    child.once('exit', onExit);
    child.once('error', onError);
    lines.on('line', onLine);
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<number | string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve('timeout');
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? `signal ${String(signal)}`);
    });
  });
}
