#!/usr/bin/env node
/**
 * The web app's weight and Lighthouse scores, written to bench/README.md
 * (section "## Web: size and Lighthouse").
 *
 *   cd bench && npm ci && node web/run.mjs [--url URL] [--bin PATH] [--no-write] [--js-only]
 *
 * It builds nothing: give it a running site (--url), or it starts the
 * release binary (--bin, default $COLLOQUY_BIN, else
 * $CARGO_TARGET_DIR/release/colloquy, else target/release/colloquy) from the
 * repository root, so that it serves web/dist, on a fresh temporary data
 * folder, and stops it afterwards. Build first with `make build`.
 *
 * Measures:
 * - the gzip size of every JavaScript file `/` loads until the network is
 *   idle, in Chromium at 375 × 667 px: once without scrolling (what
 *   Lighthouse sees) and once scrolled to the end of the page, which loads
 *   what waits for the screen (the carousel); goal: ≤ 100 KB in all, the
 *   scrolled figure included (--js-only measures this alone, and writes
 *   nothing);
 * - Lighthouse (Debian's /usr/bin/chromium, headless, offline) on /,
 *   /sculc-2025 and /login, mobile (Lighthouse's default: a mid-range phone
 *   on a throttled 4G connection, simulated) and desktop: performance,
 *   accessibility and best practices (goals: performance ≥ 95,
 *   accessibility 100).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

import { defaultBinary, ROOT, startServer } from './server.mjs';

const README = join(ROOT, 'bench/README.md');
const SECTION = '## Web: size and Lighthouse';
const PATHS = ['/', '/sculc-2025', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const JS_BUDGET_BYTES = 100 * 1024;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    bin: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    'js-only': { type: 'boolean', default: false },
  },
});

async function audit(port, url, formFactor) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]),
  );
  const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => a.id);
  return {
    scores,
    metrics: { fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift') },
    failing,
  };
}

/**
 * The scripts a phone-sized Chromium fetches for `url` until the network is
 * idle: without scrolling, then after scrolling down the page a screen at a
 * time, as a reader would, to its end.
 */
async function scriptsLoaded(port, url) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${String(port)}` });
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 375, height: 667, isMobile: true, hasTouch: true });
    const scripts = new Set();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto(url, { waitUntil: 'networkidle0' });
    const firstView = [...scripts];
    for (;;) {
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      });
      await page.waitForNetworkIdle({ idleTime: 500 });
      if (atEnd) break;
    }
    return { firstView, scrolled: [...scripts] };
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

/** The gzip size (zlib level 9, as `gzip -9`) of each script, fetched from the server. */
async function gzipSizes(urls) {
  const sizes = [];
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
    const body = Buffer.from(await response.arrayBuffer());
    sizes.push({ path: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return sizes;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JavaScript section: every file, and the totals without and with scrolling. */
function scriptLines({ scripts, firstView }) {
  const sum = (list, key) => list.reduce((total, s) => total + s[key], 0);
  const first = scripts.filter((s) => firstView.has(s.path));
  const total = sum(scripts, 'gzip');
  return [
    `### JavaScript loaded by \`/\` (gzip -9): ${kb(total)} scrolled to the end, ${kb(sum(first, 'gzip'))} without scrolling — goal ≤ ${kb(JS_BUDGET_BYTES)}: ${total <= JS_BUDGET_BYTES ? 'met' : 'NOT met'}`,
    '',
    '| File | Raw | Gzip | Loaded |',
    '|---|---:|---:|---|',
    ...scripts.map(
      (s) =>
        `| \`${s.path.replace(/^\/assets\//, '')}\` | ${kb(s.raw)} | ${kb(s.gzip)} | ${firstView.has(s.path) ? 'at once' : 'on scrolling'} |`,
    ),
    `| **Without scrolling** | ${kb(sum(first, 'raw'))} | **${kb(sum(first, 'gzip'))}** | |`,
    `| **Scrolled to the end** | ${kb(sum(scripts, 'raw'))} | **${kb(total)}** | |`,
    '',
  ];
}

function report({ when, load, js, runs }) {
  const lines = [
    SECTION,
    '',
    `Measured ${when} by \`bench/web/run.mjs\` (see its header: it starts the release`,
    'binary on a fresh data folder unless given `--url`; Lighthouse runs headless',
    "Debian Chromium, offline, with Lighthouse's simulated throttling).",
    `Machine load during the run: ${load}. Total blocking time (and so the mobile`,
    'performance score) is measured on the real CPU, slowed 4×: on a busy shared',
    'machine it varies by a few hundred ms between runs.',
    '',
    ...scriptLines(js),
    '### Lighthouse (goals: performance ≥ 95, accessibility 100)',
    '',
    '| Page | Form factor | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map(
      ({ path, formFactor, scores, metrics }) =>
        `| \`${path}\` | ${formFactor} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${metrics.fcp} | ${metrics.lcp} | ${metrics.tbt} | ${metrics.cls} |`,
    ),
    '',
  ];
  const failing = runs.filter((run) => run.failing.length > 0);
  if (failing.length > 0) {
    lines.push('Audits scoring under 90:', '');
    for (const run of failing) lines.push(`- \`${run.path}\` (${run.formFactor}): ${run.failing.join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

async function writeSection(markdown) {
  let readme = '';
  try {
    readme = await readFile(README, 'utf8');
  } catch {
    readme = '# Benchmarks\n\nBenchmarks kept out of `make test`.\n';
  }
  const start = readme.indexOf(SECTION);
  if (start === -1) {
    readme = `${readme.trimEnd()}\n\n${markdown}`;
  } else {
    const next = readme.indexOf('\n## ', start + SECTION.length);
    readme = `${readme.slice(0, start)}${markdown}${next === -1 ? '' : `\n${readme.slice(next + 1)}`}`;
  }
  await writeFile(README, `${readme.trimEnd()}\n`);
}

async function main() {
  const server = options.url ? { url: options.url.replace(/\/$/, ''), stop: async () => {} } : await startServer(options.bin ?? defaultBinary());
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const loaded = await scriptsLoaded(chrome.port, `${server.url}/`);
    const js = {
      scripts: await gzipSizes(loaded.scrolled),
      firstView: new Set(loaded.firstView.map((url) => new URL(url).pathname)),
    };
    if (options['js-only']) {
      console.log(scriptLines(js).join('\n'));
      return;
    }
    const runs = [];
    for (const path of PATHS) {
      for (const formFactor of ['mobile', 'desktop']) {
        const result = await audit(chrome.port, `${server.url}${path}`, formFactor);
        runs.push({ path, formFactor, ...result });
        console.log(path, formFactor, JSON.stringify(result.scores), JSON.stringify(result.metrics));
      }
    }
    const load = `${loadavg()[0].toFixed(1)} (1-minute load average) on ${String(cpus().length)} cores`;
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
    const markdown = report({ when, load, js, runs });
    console.log(`\n${markdown}`);
    if (!options['no-write']) await writeSection(markdown);
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

await main();
