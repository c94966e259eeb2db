/**
 * React Router as this app uses it: declarative mode (`<BrowserRouter>` and
 * `useRoutes`), no data router, no framework mode, no server components. For
 * the build only (`vite build`); `vite` and Vitest run the package as
 * published. It takes 4.1 KB gzip off every first page load, the home page's
 * included (issue 38, item 7; bench/README.md):
 *
 * - The production build. The package's `exports` name only its development
 *   build; the production one beside it differs in one line,
 *   `ENABLE_DEV_WARNINGS = false`, which leaves out the warnings meant for
 *   developers (0.5 KB).
 * - Edits to its code, each of which leaves what the app does unchanged:
 *   `EDITS` below says why each holds. Each must find its text, or the build
 *   fails: after an upgrade of react-router, check that the edit still holds
 *   and adjust its text, or drop it.
 *
 * The edits keep every line where it was, so source maps stay right.
 */
import { existsSync } from 'node:fs';

import type { Plugin } from 'vite';

export interface Edit {
  /** What the edit does and why the app behaves the same, for the build's error. */
  readonly why: string;
  readonly apply: (code: string) => string | undefined;
}

/** `code` with `find`'s every match replaced, or undefined when there is none. */
function replaceAll(code: string, find: RegExp, replace: (match: string, ...groups: string[]) => string) {
  let matches = 0;
  const edited = code.replace(find, (match: string, ...groups: string[]) => {
    matches += 1;
    return keepLines(match, replace(match, ...groups));
  });
  return matches > 0 ? edited : undefined;
}

/** `replacement`, followed by as many line breaks as `original` had more. */
function keepLines(original: string, replacement: string): string {
  const lines = (text: string) => text.split('\n').length - 1;
  return replacement + '\n'.repeat(Math.max(0, lines(original) - lines(replacement)));
}

export const EDITS: readonly Edit[] = [
  {
    why:
      'Components marked pure (forwardRef) and every displayName dropped: a call or an assignment ' +
      'at the top of a module counts as a side effect, so the bundler kept Form, ScrollRestoration ' +
      'and the code behind them (1.3 KB) though no page uses them. displayName only names a ' +
      'component or context in React DevTools, which names them by their function instead.',
    apply(code) {
      const pure = replaceAll(code, /^(var \w+ = )(React\d*\.forwardRef\()/gm, (_, declaration, call) => {
        return `${declaration}/* @__PURE__ */ ${call}`;
      });
      return pure && replaceAll(pure, /^\w+\.displayName = "[^"\n]*";$/gm, () => '');
    },
  },
  {
    why:
      "Link's prefetching left out: it needs framework mode's route manifest, and without it " +
      'usePrefetchBehavior always answers "do not prefetch" with no handlers, so Link never ' +
      'rendered PrefetchPageLinks; that code (1.8 KB) stays out.',
    apply(code) {
      const hook = replaceAll(
        code,
        /let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/g,
        () => 'let prefetchRef = null, prefetchHandlers = {};',
      );
      return (
        hook &&
        replaceAll(
          hook,
          /return shouldPrefetch && !isAbsolute \? [^\n]*React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)\) : link;/g,
          () => 'return link;',
        )
      );
    },
  },
  {
    why:
      "The route error boundary without server components' error handler: RSCRouterContext is " +
      'false unless an RSC router provides it, which this app never renders, so the boundary ' +
      'always took the plain branch; the redirect-digest code behind the other (0.5 KB) stays out.',
    apply(code) {
      const boundary = /var RenderErrorBoundary = class extends [\s\S]*?\nRenderErrorBoundary\.contextType = RSCRouterContext;/g;
      return replaceAll(code, boundary, (match) =>
        match.replace(/this\.context\b/g, 'false').replace('RenderErrorBoundary.contextType = RSCRouterContext;', ''),
      );
    },
  },
];

const PRODUCTION_CODE = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;

export function reactRouterDeclarative(edits: readonly Edit[] = EDITS): Plugin {
  const applied = new Set<Edit>();
  return {
    name: 'colloquy-react-router-declarative',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      applied.clear();
    },
    async resolveId(source, importer) {
      if (source !== 'react-router') return null;
      const published = await this.resolve(source, importer, { skipSelf: true });
      if (!published) return null;
      const production = published.id.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2');
      if (production === published.id || !existsSync(production)) {
        this.error(`react-router: no production build beside ${published.id}; see scripts/react-router-declarative.ts`);
      }
      return production;
    },
    transform(code, id) {
      if (!PRODUCTION_CODE.test(id)) return null;
      let edited = code;
      for (const edit of edits) {
        const result = edit.apply(edited);
        if (result === undefined) continue;
        edited = result;
        applied.add(edit);
      }
      return edited === code ? null : { code: edited, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = edits.filter((edit) => !applied.has(edit));
      if (missing.length === 0) return;
      this.error(
        `react-router's code changed: an edit of scripts/react-router-declarative.ts no longer finds its text. ` +
          `Check whether it still holds and adjust or drop it:\n${missing.map((edit) => `- ${edit.why}`).join('\n')}`,
      );
    },
  };
}
