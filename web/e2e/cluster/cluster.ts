/**
 * Two instances of the real release binary on one PostgreSQL and one
 * S3-compatible bucket, each with a data folder of its own, behind Debian's
 * nginx as a round-robin balancer (nginx.conf.template): the way README.md
 * tells an operator to run several. They trust the balancer's
 * X-Forwarded-For (COLLOQUY_TRUSTED_PROXIES) and share one public URL, the
 * balancer's.
 *
 * The database and the bucket come from the caller's environment, as
 * scripts/with-postgres.sh (TEST_DATABASE_URL) and scripts/with-s3.sh
 * (AWS_*, TEST_S3_BUCKET) set them: `make e2e-cluster` runs under both.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { repoRoot, serverBinary, startServer, type RunningServer } from '../colloquy-server.ts';
import { Outbox, type Email } from '../emails.ts';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const NGINX_START_TIMEOUT_MS = 10_000;
const COMMAND_TIMEOUT_MS = 60_000;

/** The call for abstracts of SCULC 2025 while the test runs (it closed in March 2025). */
const CALL_OPENS = '2025-01-01T00:00:00Z';
const CALL_CLOSES = '2099-12-31T23:59:00Z';

export interface Instance {
  /** `127.0.0.1:PORT`, as nginx's X-Colloquy-Upstream names it. */
  address: string;
  /** The instance itself, bypassing the balancer. */
  url: string;
  dataDir: string;
  outbox: Outbox;
  /** SIGTERM: requests in flight finish, then it exits. */
  stop: () => Promise<void>;
  /** `kill -9`: a crash, with whatever it had in flight. */
  kill: () => Promise<void>;
  /** The same instance again, on the same port and data folder. */
  start: () => Promise<void>;
}

export interface Cluster {
  /** The balancer: the site's public URL. */
  url: string;
  instances: [Instance, Instance];
  /** A `colloquy` command on the shared database, e.g. `['admin', 'grant', EMAIL]`. */
  run: (args: readonly string[]) => Promise<string>;
  /** Waits for the newest of `count` e-mails to `address`, whichever instance wrote it. */
  waitForEmail: (address: string, options?: { count?: number; timeout?: number }) => Promise<Email>;
  stop: () => Promise<void>;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run this under scripts/with-postgres.sh scripts/with-s3.sh (make e2e-cluster)`);
  }
  return value;
}


export async function startCluster(): Promise<Cluster> {
  const binary = serverBinary();
  const databaseUrl = required('TEST_DATABASE_URL');
  const bucket = required('TEST_S3_BUCKET');
  const dir = await mkdtemp(join(tmpdir(), 'colloquy-cluster-'));
  const [balancerPort, port1, port2] = [await freePort(), await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${balancerPort}`;
  const settings = {
    DATABASE_URL: databaseUrl,
    // A prefix of its own per run: the bucket may outlive one.
    COLLOQUY_STORAGE: `s3://${bucket}/cluster-${randomBytes(4).toString('hex')}`,
    COLLOQUY_PUBLIC_URL: publicUrl,
    // nginx connects from this address (proxy_bind in nginx.conf.template).
    COLLOQUY_TRUSTED_PROXIES: '127.0.0.3',
  };
  const commandEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('COLLOQUY_'))),
    ...settings,
    COLLOQUY_CONFIG: join(dir, 'no-config-file.toml'),
  };
  const run = async (args: readonly string[]) => {
    const { stdout } = await promisify(execFile)(binary, [...args, '--data-dir', join(dir, 'commands')], {
      cwd: repoRoot,
      env: commandEnv,
      timeout: COMMAND_TIMEOUT_MS,
    });
    return stdout;
  };

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => { console.error(error); });
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // Migrates the empty database, then opens the call, as an organiser would.
    // Open beside 2025's passed deadlines, as the tests want (see global-setup.ts).
    await run(['edition', 'call', '2025', '--from', CALL_OPENS, '--until', CALL_CLOSES, '--allow-out-of-order']);
    const instances = await Promise.all(
      [port1, port2].map(async (port, at) => {
        const instance = await startInstance(binary, join(dir, `instance-${at + 1}`), port, settings);
        stops.push(instance.stop);
        return instance;
      }),
    );
    stops.push(await startNginx(join(dir, 'nginx'), balancerPort, port1, port2));
    const [first, second] = instances;
    if (!first || !second) throw new Error('unreachable');
    return {
      url: publicUrl,
      instances: [first, second],
      run,
      waitForEmail: (address, options) => waitForEmail([first.outbox, second.outbox], address, options),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function startInstance(
  binary: string,
  dataDir: string,
  port: number,
  settings: Record<string, string>,
): Promise<Instance> {
  await mkdir(dataDir, { recursive: true });
  const start = () => startServer({ binary, cwd: repoRoot, dataDir, listen: `127.0.0.1:${port}`, settings });
  let server: RunningServer | undefined = await start();
  return {
    address: `127.0.0.1:${port}`,
    url: server.url,
    dataDir,
    outbox: new Outbox(join(dataDir, 'outbox')),
    stop: async () => {
      const running = server;
      server = undefined;
      await running?.stop();
    },
    kill: async () => {
      const running = server;
      server = undefined;
      await running?.kill();
    },
    start: async () => {
      if (server) throw new Error(`instance on port ${port} is already running`);
      server = await start();
    },
  };
}

/** nginx in the foreground on `port`, from the template beside this file. */
async function startNginx(dir: string, port: number, port1: number, port2: number): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const template = await readFile(fileURLToPath(new URL('nginx.conf.template', import.meta.url)), 'utf8');
  // As root, nginx's workers would run as nobody, who cannot write the
  // temp folders (request bodies) under a private temp folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const config = template
    .replaceAll('@USER@', user)
    .replaceAll('@DIR@', dir)
    .replaceAll('@PORT_1@', String(port1))
    .replaceAll('@PORT_2@', String(port2))
    .replaceAll('@PORT@', String(port));
  const file = join(dir, 'nginx.conf');
  await writeFile(file, config);
  await chmod(dir, 0o755);

  const child = spawn(NGINX, ['-p', dir, '-c', file, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const deadline = Date.now() + NGINX_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx exited with ${child.exitCode}:\n${stderr}\n${log}`);
    }
    if (await answers(`http://127.0.0.1:${port}/api/health`)) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on port ${port}:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    process.off('exit', killOnExit);
    await stopChild(child);
    // What nginx saw go wrong (refused connections, instances it took out
    // of turn) explains a failed balancing check.
    const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
    if (process.env.COLLOQUY_CLUSTER_NGINX_LOG && log) console.error(`--- nginx error.log\n${log}`);
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => { resolve(); });
    // nginx's graceful stop.
    child.kill('SIGQUIT');
  });
}

async function waitForEmail(
  outboxes: Outbox[],
  address: string,
  { count = 1, timeout = 10_000 }: { count?: number; timeout?: number } = {},
): Promise<Email> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const emails = (await Promise.all(outboxes.map((outbox) => outbox.emailsTo(address))))
      .flat()
      .sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
    const newest = emails.at(-1);
    if (newest && emails.length >= count) return newest;
    if (Date.now() > deadline) {
      throw new Error(`waited ${timeout} ms for e-mail number ${count} to ${address}; there are ${emails.length}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => { resolve(); }));
  return port;
}
