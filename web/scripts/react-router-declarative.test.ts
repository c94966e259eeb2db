import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { EDITS, reactRouterDeclarative } from './react-router-declarative.ts';

/** The installed react-router's production code, module by module. */
function productionModules(): string[] {
  const published = createRequire(import.meta.url).resolve('react-router');
  const production = join(dirname(published), '..', 'production');
  return readdirSync(production)
    .filter((name) => /^chunk-[\w-]+\.mjs$/.test(name))
    .map((name) => readFileSync(join(production, name), 'utf8'));
}

function editAll(code: string): string {
  return EDITS.reduce((edited, edit) => edit.apply(edited) ?? edited, code);
}

describe('react-router as the build edits it', () => {
  const modules = productionModules();
  const router = modules.find((code) => code.includes('var RenderErrorBoundary = class'));

  it('finds the text of every edit in the installed package', () => {
    expect(router, 'the module with the route error boundary').toBeDefined();
    for (const edit of EDITS) expect(edit.apply(router ?? ''), edit.why).toBeDefined();
  });

  it('keeps every line where it was, so that source maps stay right', () => {
    const code = router ?? '';
    expect(editAll(code).split('\n')).toHaveLength(code.split('\n').length);
  });

  it('leaves links without prefetching and the error boundary without the server components branch', () => {
    const edited = editAll(router ?? '');
    const link = edited.slice(edited.indexOf('var Link = '), edited.indexOf('var NavLink = '));
    expect(link).not.toContain('usePrefetchBehavior');
    expect(link).not.toContain('PrefetchPageLinks');
    const boundary = edited.slice(edited.indexOf('var RenderErrorBoundary = '), edited.indexOf('function RSCErrorHandler'));
    expect(boundary).not.toContain('this.context');
    expect(edited).not.toContain('RenderErrorBoundary.contextType');
    expect(edited).toMatch(/^var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(edited).not.toMatch(/^\w+\.displayName = /m);
  });

  it('fails the build, naming the edit, when react-router no longer has its text', () => {
    const plugin = reactRouterDeclarative([{ why: 'an edit whose text is gone', apply: () => undefined }]);
    const errors: string[] = [];
    const context = {
      error: (message: string) => {
        errors.push(message);
        throw new Error(message);
      },
    };
    const call = (hook: unknown, ...args: unknown[]): unknown =>
      (hook as (this: typeof context, ...args: unknown[]) => unknown).call(context, ...args);
    call(plugin.buildStart);
    call(plugin.transform, router ?? '', '/x/node_modules/react-router/dist/production/chunk-ABC.mjs');
    expect(() => call(plugin.buildEnd)).toThrow();
    expect(errors.join('\n')).toContain('an edit whose text is gone');
  });
});
