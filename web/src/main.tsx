// The shared stylesheets first, in cascade order: tokens and base, the frame,
// the pages' shared pieces, the controls. A feature's stylesheet, loaded with
// its page's code, comes after them.
import './styles/global.css';
import './app/layout.css';
import './components/content.css';
import './components/controls.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { AppProviders, createQueryClient } from './app/providers';
import { AppRoutes, prefetchRoute } from './app/router';
import { siteQueryOptions } from './lib/site-content';

/**
 * How long the first render waits for the site content and the page's code.
 * The banner above the header comes from the content: drawn after the page,
 * it pushed everything down by its height (Lighthouse: layout shift 0.079 on
 * a phone). index.html preloads it alongside the scripts, so it is normally
 * there already; a slow or failing server holds the page back no longer
 * than this.
 */
const SITE_CONTENT_WAIT_MS = 1000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;
const queryClient = createQueryClient();

// Who is signed in, the page's code and a signed-in page's data, asked for
// now rather than each after the other once the page renders.
const pageCode = prefetchRoute(queryClient, window.location);

function render() {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void Promise.race([
  Promise.all([
    // A failure renders at once; the frame's own query shows it and retries.
    queryClient.query(siteQueryOptions).catch(() => undefined),
    // The page's code too, asked for above: a page that suspends, even
    // briefly, draws "Loading page…" and React then holds the page back
    // until 300 ms after that (its Suspense throttle).
    pageCode,
  ]),
  new Promise((resolve) => setTimeout(resolve, SITE_CONTENT_WAIT_MS)),
]).then(render);
