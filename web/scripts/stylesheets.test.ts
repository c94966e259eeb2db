/**
 * The app's stylesheets keep to their own classes (issue 23, item 12): a
 * class is styled by one stylesheet only, so a feature's stylesheet cannot
 * restyle another feature's class or a shared control, and two features
 * cannot both define `.choice` and change each other's look depending on
 * which pages a visitor has been to. A rule may still name another file's
 * class as the context it applies in (`.user-search-row input`); what it
 * styles is the last part of its selector.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Every selector of a stylesheet's style rules (inside @media too, not @keyframes' steps). */
function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  let keyframesDepth = -1;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '{') {
      const prelude = text.slice(start, index).trim();
      if (prelude.startsWith('@')) {
        if (/^@(-webkit-)?keyframes/.test(prelude)) keyframesDepth = depth;
      } else if (keyframesDepth < 0) {
        selectors.push(...prelude.split(',').map((part) => part.trim()));
      }
      depth += 1;
      start = index + 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === keyframesDepth) keyframesDepth = -1;
      start = index + 1;
    } else if (char === ';') {
      start = index + 1;
    }
  }
  return selectors;
}

/** The classes a selector styles: those of its last compound (`.a .b:hover` styles `b`), :not(…) and :has(…) left out. */
function styledClasses(selector: string): string[] {
  let plain = selector;
  // Drop functional pseudo-classes' arguments, innermost first: they are conditions, not what is styled.
  while (/:[\w-]+\([^()]*\)/.test(plain)) plain = plain.replace(/:[\w-]+\([^()]*\)/g, '');
  plain = plain.replace(/\[[^\]]*\]/g, '');
  const compounds = plain.trim().split(/\s*[\s>+~]\s*/);
  const last = compounds.at(-1) ?? '';
  return [...last.matchAll(/\.([\w-]+)/g)].map((match) => match[1] ?? '');
}

describe('the stylesheets', () => {
  it('finds the classes a selector styles', () => {
    expect(styledClasses('.choices .choice:has(input:checked)')).toEqual(['choice']);
    expect(styledClasses('.field input[data-control="number"]')).toEqual([]);
    expect(styledClasses('.button.is-disabled')).toEqual(['button', 'is-disabled']);
    expect(selectorsOf('@media (x) { .a, .b > .c { color: red } } @keyframes k { to { x: y } } .d {}')).toEqual([
      '.a',
      '.b > .c',
      '.d',
    ]);
  });

  it('style each class in one stylesheet only', () => {
    const owners = new Map<string, Set<string>>();
    for (const path of stylesheets(SRC)) {
      const file = relative(SRC, path);
      for (const selector of selectorsOf(readFileSync(path, 'utf8'))) {
        // State classes (is-open, is-busy…) only ever qualify another class of the same rule.
        for (const name of styledClasses(selector).filter((name) => !name.startsWith('is-'))) {
          owners.set(name, (owners.get(name) ?? new Set()).add(file));
        }
      }
    }
    const shared = [...owners].filter(([, files]) => files.size > 1).map(([name, files]) => `.${name}: ${[...files].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });
});
