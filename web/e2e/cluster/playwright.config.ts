import { defineConfig } from '@playwright/test';

import base from '../../playwright.config.ts';

/**
 * The multi-instance test (cluster.spec.ts): its own run, `make e2e-cluster`,
 * under a throwaway PostgreSQL and S3 server. The spec starts and restarts
 * the instances itself, so it runs in one worker, in order.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testIgnore: [],
  outputDir: '../../test-results/cluster',
  globalSetup: undefined,
  fullyParallel: false,
  workers: 1,
  timeout: 120_000,
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 800 } } }],
});
