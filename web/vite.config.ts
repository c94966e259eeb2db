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
 * Small modules that most pages share, which the bundler would otherwise
 * give a file each: they go into the entry chunk, which every page loads.
 */
const SHARED_LEAVES = /[\\/]src[\\/].*[\\/]form-message\.tsx$/;
/** The home page: its chunk takes the carousel's placeholder with it. */
const HOME_PAGE = /[\\/]src[\\/].*[\\/]home-page\.tsx$/;

/** What the bundler tells a chunk's `name` function about a module's importers. */
interface ChunkingContext {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/** Whether the entry (main.tsx) imports `id`, directly or through others, as opposed to lazily. */
function loadedByEntry(id: string, context: ChunkingContext, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = context.getModuleInfo(id);
  if (!info) return false;
  return info.isEntry || info.importers.some((importer) => loadedByEntry(importer, context, seen));
}

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
    // every page 0.2 KB gzip, the home page included (bench/README.md).
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
            // The entry chunk (the frame, the route table), named as before.
            // Left to the bundler, what the entry shares with lazy pages
            // (`api-answer.ts`, the session's query key) and the small shared
            // leaves became files of their own, each compressed apart: the
            // home page loaded nine scripts, now four, 0.8 KB gzip less
            // (bench/README.md). Nothing else lazy joins it: the typed API
            // client (`api-client.ts`, openapi-fetch) stays a chunk of its
            // own, for the pages that call the API.
            {
              name: (id, context) =>
                /[\\/]src[\\/]/.test(id) && (SHARED_LEAVES.test(id) || loadedByEntry(id, context)) ? 'index' : null,
            },
            // With what it imports that the entry has not: the carousel's
            // placeholder and `use-near-screen.ts`, which the edition pages
            // then load from here.
            { name: 'home-page', test: (id) => HOME_PAGE.test(id) },
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
