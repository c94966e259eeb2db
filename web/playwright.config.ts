import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real release server (see e2e/global-setup.ts)
 * in Debian's Chromium. Playwright never downloads a browser here: the
 * registries are the only network, so `npx playwright install` cannot work.
 *
 * Run from web/ after `npm run build` and `cargo build --release`:
 *   npx playwright test      (or: npm run e2e)
 */
const CHROMIUM_ARGS = [
  '--no-sandbox', // runs as root in CI
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // No calls home: there is no network but the loopback.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  // The multi-instance test has its own run (e2e/cluster/playwright.config.ts).
  testIgnore: 'cluster/**',
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A 2-core machine runs the server as well as the browsers.
  workers: 2,
  retries: 0,
  // The list as it runs, then each failure in short at the very end (what a truncated CI log keeps).
  reporter: [['list'], [fileURLToPath(new URL('./e2e/failure-summary.ts', import.meta.url))]],
  timeout: 20_000,
  expect: { timeout: 5_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      grepInvert: /@phone/,
    },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 667 }, hasTouch: true },
      grepInvert: /@desktop/,
      // Plain HTTP checks do not depend on the viewport: desktop runs them once.
      testIgnore: ['http.spec.ts', 'cluster/**'],
    },
  ],
});
