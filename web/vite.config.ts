/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

import { reactRouterDeclarative } from './scripts/react-router-declarative.ts';
import { detailRoutes, routeList } from './src/config/routes.ts';

// The Rust server (`make run`) listens here; `npm run dev` proxies the API to it.
const apiOrigin = process.env.COLLOQUY_API_ORIGIN ?? 'http://127.0.0.1:8080';

/** React, TanStack Query and React Router: every page runs them. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-router)[\\/]/;
const MUTATIONS = /[\\/](useMutation|mutationObserver)\.js$/;
/**
 * The typed API client: only pages that call the API load it. Left to the
 * bundler, it shared a chunk with the route table and `Page`, which the home
 * page needs, and so cost the home page 2.9 KB (bench/README.md).
 */
const API_CLIENT = /node_modules[\\/]openapi-fetch[\\/]|src[\\/]lib[\\/]api-client\.ts$/;

/**
 * Writes `routes.json` into the build: the app's pages and its pages with a
 * parameter, from the one route table. The server answers 404 (with the app's
 * not-found page) for any other path, instead of 200 for every path.
 */
function pageTable(): Plugin {
  return {
    name: 'colloquy-page-table',
    apply: 'build',
    generateBundle() {
      const table = { pages: routeList.map((route) => route.path), patterns: Object.values(detailRoutes) };
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: `${JSON.stringify(table, null, 2)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), reactRouterDeclarative(), pageTable()],
  server: {
    proxy: {
      '/api': {
        target: apiOrigin,
        changeOrigin: false,
        // The server takes state-changing requests only from its public origin
        // (COLLOQUY_PUBLIC_URL, by default its own address). This dev server
        // stands in for the site, so its pages' Origin becomes the server's.
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq, req) => {
            if (req.headers.origin === `http://${req.headers.host}`) proxyReq.setHeader('origin', apiOrigin);
          });
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // The polyfill for <link rel="modulepreload"> is for browsers before
    // Safari 17 and Firefox 115, which then simply do not preload; it cost
    // every page, the home page with its 100 KB budget included, 0.2 KB gzip
    // (bench/README.md).
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The runtime every page needs, in one chunk that compresses as one and
          // stays cached across releases of the app. Mutations are left to
          // the pages that change data, so that the home page does not load them.
          groups: [
            { name: 'framework', test: (id) => FRAMEWORK.test(id) && !MUTATIONS.test(id) },
            // Without what it imports: `api-answer.ts` stays with the frame.
            { name: 'api-client', test: (id) => API_CLIENT.test(id), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    unstubGlobals: true,
    // A form test types with user-event through jsdom: 1-3 s alone, and 5-6 s
    // on a loaded two-core machine, past Vitest's default of 5 s. A test that
    // hangs still fails.
    testTimeout: 15_000,
    // Playwright's tests live in e2e/ and run against the real server, not here.
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'] },
      },
    ],
  },
});
