#!/usr/bin/env node
/**
 * How long a first visit takes to show a page, signed-in pages beside
 * public ones, in the same run (issue 23, item 16; bench/README.md, section
 * "Web: signed-in pages beside public ones").
 *
 *   cd bench && npm ci && node web/first-view.mjs [--bin PATH] [--runs N] [--latency MS]
 *
 * It starts the release binary (--bin, default $COLLOQUY_BIN, else
 * target/release/colloquy; build first with `make build`) on a fresh data
 * folder, registers an account through the API (verified by the link in the
 * outbox), makes it an admin with `colloquy admin grant` and signs it in
 * for a session cookie. Then, in Debian's Chromium (headless, 1280 × 800),
 * each run opens every page once, in turn, in a fresh browser context (an
 * empty cache: a first visit), the signed-in pages with the cookie, and
 * records, from the navigation's start:
 *
 * - heading: the page's <h1> drawn (the first animation frame with it);
 * - data asked: when the page's own API request started (signed-in pages);
 * - settled: the <h1> drawn and no "Loading…" left in <main>.
 *
 * It also reports, on stderr, any API request a page made twice (a preload
 * of index.html left unused, or a page asking again for prefetched data).
 *
 * Pages are taken in turn rather than one after the other so that the
 * machine's load falls on all of them alike; the figures are medians.
 * --latency adds that many ms to every request and answer (Chromium's
 * network emulation), as a network farther away than loopback would.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import puppeteer from 'puppeteer-core';

import { defaultBinary, startServer } from './server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CSRF = { 'X-Requested-With': 'colloquy', 'Content-Type': 'application/json' };

/** The pages measured; `data` is the page's own request, for the signed-in ones. */
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/board', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/profile', signedIn: true, data: '/api/me' },
  { path: '/sculc/view-submission', signedIn: true, data: '/api/submissions' },
  { path: '/user-data', signedIn: true, data: '/api/admin/users' },
];

const { values: options } = parseArgs({
  options: {
    bin: { type: 'string' },
    runs: { type: 'string', default: '9' },
    latency: { type: 'string', default: '0' },
  },
});

async function post(url, body, cookie) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...CSRF, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${String(response.status)} ${await response.text()}`);
  return response;
}

/** The verification token of the last e-mail to `email` in the outbox. */
async function verificationToken(outbox, email) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    let names = [];
    try {
      names = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
    } catch {
      // The server creates the outbox with the first e-mail.
    }
    for (const name of names) {
      // Quoted-printable soft line breaks and `=3D` undone, enough for a URL.
      const text = (await readFile(join(outbox, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = /\/verify-email\?token=([\w-]+)/.exec(text);
      if (text.includes(email) && token) return token[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification e-mail to ${email} in ${outbox}`);
}

/** An admin with a complete profile, signed in: the value of its session cookie. */
async function signedInAdmin(server) {
  const email = `bench.${String(Date.now())}@example.test`;
  const password = 'bench-first-view-password';
  await post(`${server.url}/api/accounts/register`, { first_name: 'Ada', last_name: 'Bench', email, password });
  const token = await verificationToken(join(server.dataDir, 'outbox'), email);
  await post(`${server.url}/api/accounts/verify-email`, { token });
  await server.command('admin', 'grant', email);
  const login = await post(`${server.url}/api/accounts/login`, { email, password });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('colloquy_session='));
  if (!cookie) throw new Error('signing in set no session cookie');
  return cookie.split(';')[0].split('=')[1];
}

/**
 * Runs in the page before its own scripts: notes the first animation frame
 * with the <h1>, and the first with the <h1> and no loading indicator.
 */
function watchFirstView() {
  const marks = {};
  window.__firstView = marks;
  const check = () => {
    const main = document.querySelector('main');
    const heading = main?.querySelector('h1');
    if (heading && marks.heading === undefined) marks.heading = performance.now();
    if (heading && !main.querySelector('.page-loading') && marks.settled === undefined) {
      marks.settled = performance.now();
    }
    if (marks.settled === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function visit(browser, baseUrl, page, session, latency) {
  const context = await browser.createBrowserContext();
  try {
    if (page.signedIn) {
      await context.setCookie({ name: 'colloquy_session', value: session, domain: '127.0.0.1', path: '/', httpOnly: true });
    }
    const tab = await context.newPage();
    await tab.setViewport({ width: 1280, height: 800 });
    if (latency > 0) await tab.emulateNetworkConditions({ download: -1, upload: -1, latency });
    await tab.evaluateOnNewDocument(watchFirstView);
    await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'load' });
    await tab.waitForFunction(() => window.__firstView?.settled !== undefined, { timeout: 15_000 });
    return await tab.evaluate((data) => {
      const { heading, settled } = window.__firstView;
      const request = data
        ? performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === data)
        : undefined;
      // An API path asked twice: a preload not used, or a page asking again for what was prefetched.
      const apiPaths = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.pathname.startsWith('/api/'))
        .map((url) => url.pathname + url.search);
      const twice = apiPaths.filter((path, index) => apiPaths.indexOf(path) !== index);
      // Anything else (Login instead of the page) would measure the wrong page.
      const title = document.querySelector('main h1').textContent;
      return { heading, settled, dataAsked: request?.startTime, twice, title };
    }, page.data ?? null);
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => (value === undefined ? '—' : `${String(Math.round(value))} ms`);

async function main() {
  const runs = Number(options.runs);
  const latency = Number(options.latency);
  const server = await startServer(options.bin ?? defaultBinary());
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const session = await signedInAdmin(server);
    const results = new Map(PAGES.map((page) => [page.path, []]));
    // One visit of each page, untimed, so that the server's first answers
    // (content caches, the database's pages) are not counted against the first page.
    for (const page of PAGES) await visit(browser, server.url, page, session, latency);
    for (let run = 0; run < runs; run += 1) {
      for (const page of PAGES) {
        const result = await visit(browser, server.url, page, session, latency);
        if (page.signedIn && /sign in/i.test(result.title)) throw new Error(`${page.path} showed ${result.title}`);
        if (result.twice.length > 0) console.error(`${page.path}: asked twice: ${result.twice.join(', ')}`);
        results.get(page.path).push(result);
      }
    }
    const rows = PAGES.map((page) => {
      const list = results.get(page.path);
      return {
        ...page,
        heading: median(list.map((r) => r.heading)),
        dataAsked: median(list.map((r) => r.dataAsked)),
        settled: median(list.map((r) => r.settled)),
      };
    });
    const publicHeading = median(rows.filter((r) => !r.signedIn).map((r) => r.heading));
    const publicSettled = median(rows.filter((r) => !r.signedIn).map((r) => r.settled));
    const lines = [
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${String(runs)} runs, latency ${String(latency)} ms`,
      '',
      '| Page | Heading | Data asked | Settled | Heading ÷ public |',
      '|---|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| \`${r.path}\`${r.signedIn ? ' (signed in)' : ''} | ${ms(r.heading)} | ${ms(r.dataAsked)} | ${ms(r.settled)} | ${(r.heading / publicHeading).toFixed(2)} |`,
      ),
      `| public pages (median of medians) | ${ms(publicHeading)} | | ${ms(publicSettled)} | 1.00 |`,
    ];
    console.log(lines.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
