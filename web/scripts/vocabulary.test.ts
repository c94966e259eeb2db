/**
 * The vocabulary test (issue 39, item 1): officers, volunteers and
 * attendees never read a developer's word. It reads every text the app and
 * the API can show a person and fails, naming the file and the text, on:
 *
 * - a JSON path or an index counted from 0 (`gallery[0].original_alt`,
 *   `home.sculc_blurb`);
 * - a backtick (a developer's quoting);
 * - a library's or crate's name (react-image-gallery, serde, sqlx…);
 * - an internal code or field name (`edit_conflict`, `original_alt`,
 *   `srcset`).
 *
 * What it reads:
 * - the web app: every text of a screen (JSX text) and every sentence in
 *   its source (labels, hints, titles, messages, dialogs' words), tests
 *   and generated types left out;
 * - the site editor's forms: the label and the help text of every field of
 *   every kind of page, as the form builds them from the OpenAPI document;
 * - the server: every sentence in a string of its source that a handler
 *   can answer with (error messages, the problems of a page, e-mails), the
 *   operator's command line, the database and the logs left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { fieldsOf, labelOf, resolve, variantsOf, type Schema, type Schemas } from '../src/features/site-editor/components/schema';

const WEB = join(import.meta.dirname, '../src');
const SERVER = join(import.meta.dirname, '../../server/src');

/** Libraries and crates whose names a person must never read. */
const LIBRARIES = [
  'react-image-gallery',
  'react-router',
  'tanstack',
  'openapi',
  'utoipa',
  'serde',
  'sqlx',
  'axum',
  'tokio',
  'hyper',
  'lettre',
  'printpdf',
  'allsorts',
  'jsqr',
  'toml',
  'jiff',
  'argon2',
  'object_store',
];

/** Field names of the content that are not words (the form says "Image sizes", not "srcset"). */
const FIELD_WORDS = ['srcset', 'href', 'original_alt', 'thumbnail_alt', 'nav_label', 'event_slug'];

/** What is wrong with `text`, or nothing. */
export function developerWords(text: string): string[] {
  // Placeholders of a message being built ({count}, ${name}) are not read.
  const read = text.replace(/\$?\{[^}]*\}/g, ' ');
  const found: string[] = [];
  if (read.includes('`')) found.push('a backtick');
  const path = /\b[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*\[\d+\]/.exec(read) ?? /\b[a-z]+_[a-z_]+\.[a-z_]+\b/.exec(read);
  if (path) found.push(`a JSON path (${path[0]})`);
  const code = /(?<![\w./@:-])[a-z]+(?:_[a-z]+)+(?![\w./@-])/.exec(read);
  if (code && !path) found.push(`an internal code (${code[0]})`);
  const lower = read.toLowerCase();
  for (const library of LIBRARIES) {
    if (new RegExp(`(?<![\\w-])${library}(?![\\w-])`).test(lower)) found.push(`a library's name (${library})`);
  }
  for (const word of FIELD_WORDS) {
    if (new RegExp(`(?<![\\w-])${word}(?![\\w-])`).test(read)) found.push(`a field's name (${word})`);
  }
  return found;
}

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** Whether a string reads as words for a person: a letter, a space, and not code (a class list, a path). */
function isSentence(text: string): boolean {
  const trimmed = text.trim();
  return /^[A-Z“"'(©]/.test(trimmed) && /\s/.test(trimmed) && /[a-z]{2}/.test(trimmed);
}

/** Every text a screen shows: JSX text, and the sentences among the strings of a component. */
function webTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && node.text.trim()) texts.push(node.text.trim());
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isSentence(node.text)) {
      // Imports and keys of objects are code, not words.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExternalModuleReference(node.parent)) texts.push(node.text);
    }
    if (ts.isTemplateExpression(node)) {
      const whole = [node.head.text, ...node.templateSpans.map((span) => `{} ${span.literal.text}`)].join('');
      if (isSentence(whole)) texts.push(whole);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/**
 * The server's strings that a person can be shown: every string literal
 * that reads as a sentence, outside tests, SQL, logs and panics.
 */
function serverTexts(file: string): string[] {
  let text = readFileSync(file, 'utf8');
  const tests = text.indexOf('#[cfg(test)]');
  if (tests >= 0) text = text.slice(0, tests);
  text = text
    .replace(/r#+"[\s\S]*?"#+/g, '""')
    .replace(/'\\?"'/g, "' '")
    .replace(/\/\/.*$/gm, '');
  const texts: string[] = [];
  for (const match of text.matchAll(/"((?:[^"\\]|\\[\s\S])*)"/g)) {
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (/(tracing::\w+!|info!|warn!|error!|debug!|expect|panic!|unreachable!|context|query\w*)\s*\(\s*$/.test(before)) continue;
    // The API's own documentation (utoipa's descriptions) is for developers.
    if (/description\s*=\s*$/.test(before)) continue;
    const literal = (match[1] ?? '').replace(/\\\n\s*/g, '').replace(/\\"/g, '"');
    if (/\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE|WHERE|COALESCE|JOIN|IS NULL|CAST)\b|\bAS [a-z_]+\b/.test(literal)) continue;
    if (isSentence(literal)) texts.push(literal);
  }
  return texts;
}

/** Where the server's words reach no officer, volunteer or attendee: the operator's tools, the database, the logs. */
const SERVER_LEFT_OUT = [
  /^main\.rs$/,
  /^db\//,
  /^backup\//,
  /^cli\//,
  /command_line\.rs$/,
  /^check\.rs$/,
  /^logging\.rs$/,
  /^metrics\.rs$/,
  /^config\.rs$/,
  /^openapi/,
  /^admin\/command_line/,
  /^content\/folder\.rs$/,
  // The stores hold the SQL; what they say reaches people through the handlers.
  /(^|\/)store(\.rs$|\/)/,
];

function findings(texts: { where: string; text: string }[]): string[] {
  return texts.flatMap(({ where, text }) =>
    developerWords(text).map((problem) => `${where}: ${problem} in “${text}”`),
  );
}

describe('the vocabulary test', () => {
  it('recognises a developer’s words', () => {
    expect(developerWords('gallery[0].original_alt must describe the image')).toContain('a JSON path (gallery[0])');
    expect(developerWords('One image of a carousel, in react-image-gallery’s terms')).toEqual([
      "a library's name (react-image-gallery)",
    ]);
    expect(developerWords('Use `srcset` here')).toContain('a backtick');
    expect(developerWords('Refused: edit_conflict')).toEqual(['an internal code (edit_conflict)']);
    expect(developerWords('Image sizes (srcset)')).toEqual(["a field's name (srcset)"]);
    expect(developerWords('Photo 1: describe the picture for people who cannot see it')).toEqual([]);
    expect(developerWords('Write an address like mailto:name@example.org or /sculc-2026')).toEqual([]);
  });

  it('finds none in the web app’s screens', () => {
    const sources = files(
      WEB,
      (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !/[/\\](api|test)[/\\]/.test(path),
    );
    const texts = sources.flatMap((file) => webTexts(file).map((text) => ({ where: relative(WEB, file), text })));
    expect(texts.length).toBeGreaterThan(500);
    expect(findings(texts)).toEqual([]);
  });

  it('finds none in the site editor’s labels and help texts', () => {
    const document = JSON.parse(readFileSync(join(WEB, 'api/openapi.json'), 'utf8')) as {
      components: { schemas: Schemas };
    };
    const schemas = document.components.schemas;
    const texts: { where: string; text: string }[] = [];
    const seen = new Set<Schema>();
    const walk = (schema: Schema, owner: string | undefined, where: string) => {
      const resolved = resolve(schema, schemas);
      if (seen.has(resolved)) return;
      seen.add(resolved);
      if (resolved.description) texts.push({ where, text: resolved.description });
      for (const variant of variantsOf(resolved, schemas) ?? []) walk(variant.schema, undefined, `${where} (${variant.tag})`);
      for (const option of resolved.oneOf ?? []) walk(option, owner, where);
      if (resolved.items) walk(resolved.items, owner, where);
      const name = schema.$ref?.replace('#/components/schemas/', '') ?? owner;
      for (const field of fieldsOf(resolved)) {
        texts.push({ where: `${where}.${field}`, text: labelOf(field, name) });
        walk(resolved.properties?.[field] ?? {}, undefined, `${where}.${field}`);
      }
    };
    for (const kind of ['SiteFile', 'Naclo', 'BoardTerm', 'EditionPage']) {
      walk({ $ref: `#/components/schemas/${kind}` }, kind, kind);
    }
    expect(texts.length).toBeGreaterThan(100);
    expect(findings(texts)).toEqual([]);
  });

  it('finds none in the API’s messages', () => {
    const sources = files(SERVER, (path) => path.endsWith('.rs') && !SERVER_LEFT_OUT.some((rule) => rule.test(relative(SERVER, path))));
    const texts = sources.flatMap((file) => serverTexts(file).map((text) => ({ where: relative(SERVER, file), text })));
    expect(texts.length).toBeGreaterThan(300);
    expect(findings(texts)).toEqual([]);
  });
});
