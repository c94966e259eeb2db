/**
 * The app's stylesheets keep to their own classes (issue 23, item 12):
 *
 * - A class is styled by one stylesheet only, so a feature's stylesheet
 *   cannot restyle another feature's class or a shared control, and two
 *   features cannot both define `.choice` and change each other's look
 *   depending on which pages a visitor has been to. What a rule styles is
 *   the last part of its selector.
 * - Each feature's classes carry its name: every class a stylesheet under
 *   `features/<name>/` names starts with `<name>-` (`users-table`,
 *   `review-assignment`), so a feature's class cannot collide with another
 *   feature's or a shared one (those live in `components/` and `app/`,
 *   without a feature's prefix), not even one added later, and a reader
 *   knows where a class is defined from its name. State classes (`is-open`)
 *   qualify a class of the same rule and are shared.
 * - No feature stylesheet styles a form control by its tag (`.role-toggle
 *   input`, `.choice input` before): how an input, a select, a button, a
 *   label or a fieldset looks is the shared controls' (components/field.tsx,
 *   button.tsx, file-picker.tsx), the same on every screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

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

/** A selector's last compound (`.a .b:hover` -> `.b`), functional pseudo-classes' arguments and attributes left out. */
function styledCompound(selector: string): string {
  let plain = selector;
  // Drop functional pseudo-classes' arguments, innermost first: they are conditions, not what is styled.
  while (/:[\w-]+\([^()]*\)/.test(plain)) plain = plain.replace(/:[\w-]+\([^()]*\)/g, '');
  plain = plain.replace(/\[[^\]]*\]/g, '');
  const compounds = plain.trim().split(/\s*[\s>+~]\s*/);
  return compounds.at(-1) ?? '';
}

/** The classes a selector styles: those of its last compound (`.a .b:hover` styles `b`), :not(…) and :has(…) left out. */
function styledClasses(selector: string): string[] {
  return [...styledCompound(selector).matchAll(/\.([\w-]+)/g)].map((match) => match[1] ?? '');
}

/** Every class a selector names, as what it styles or as a condition. */
function namedClasses(selector: string): string[] {
  return [...selector.replace(/\[[^\]]*\]/g, '').matchAll(/\.([a-zA-Z_][\w-]*)/g)].map((match) => match[1] ?? '');
}

/** The elements the shared controls draw; a feature styles them only through those. */
const CONTROLS = new Set(['input', 'select', 'textarea', 'button', 'label', 'fieldset', 'legend', 'progress', 'meter', 'option', 'optgroup', 'output']);

/** The tag a selector styles, if its last compound names one (`.x li:hover` -> `li`). */
function styledTag(selector: string): string | undefined {
  return /^([a-z][a-z0-9]*)/.exec(styledCompound(selector))?.[1];
}

/** The feature a stylesheet belongs to (`features/admin/components/admin.css` -> `admin`), if any. */
function featureOf(file: string): string | undefined {
  return /^features\/([^/]+)\//.exec(file.split(sep).join('/'))?.[1];
}

/** Each stylesheet's path under src/ with its selectors. */
function everySelector(): { file: string; selector: string }[] {
  return stylesheets(SRC).flatMap((path) => {
    const file = relative(SRC, path);
    return selectorsOf(readFileSync(path, 'utf8')).map((selector) => ({ file, selector }));
  });
}

describe('the stylesheets', () => {
  it('finds the classes a selector styles and names, and the tag it styles', () => {
    expect(styledClasses('.choices .choice:has(input:checked)')).toEqual(['choice']);
    expect(namedClasses('.admin-x:not(.is-open) > .field .y[data-a=".z"]')).toEqual(['admin-x', 'is-open', 'field', 'y']);
    expect(styledTag('.role-toggle input')).toBe('input');
    expect(styledTag('.a > li:hover')).toBe('li');
    expect(styledTag('.a input.b')).toBe('input');
    expect(styledTag('.field-row > .b')).toBeUndefined();
    expect(featureOf(join('features', 'admin', 'components', 'admin.css'))).toBe('admin');
    expect(featureOf(join('components', 'controls.css'))).toBeUndefined();
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
    for (const { file, selector } of everySelector()) {
      // State classes (is-open, is-busy…) only ever qualify another class of the same rule.
      for (const name of styledClasses(selector).filter((name) => !name.startsWith('is-'))) {
        owners.set(name, (owners.get(name) ?? new Set()).add(file));
      }
    }
    const shared = [...owners].filter(([, files]) => files.size > 1).map(([name, files]) => `.${name}: ${[...files].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });

  it("name only their feature's classes, each starting with the feature's name", () => {
    const foreign = everySelector().flatMap(({ file, selector }) => {
      const feature = featureOf(file);
      if (!feature) return [];
      return namedClasses(selector)
        .filter((name) => !name.startsWith('is-') && !name.startsWith(`${feature}-`))
        .map((name) => `${file}: .${name} in '${selector}' (a class of ${feature} starts with '${feature}-')`);
    });
    expect(foreign).toEqual([]);
  });

  it('leave form controls to the shared controls: no feature styles one by its tag', () => {
    const restyled = everySelector()
      .filter(({ file, selector }) => featureOf(file) && CONTROLS.has(styledTag(selector) ?? ''))
      .map(({ file, selector }) => `${file}: '${selector}'`);
    expect(restyled).toEqual([]);
  });
});
