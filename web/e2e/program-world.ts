/**
 * What the program tests share: a confirmed talk, and the text of the
 * program PDF read back.
 *
 * The presenters' confirmation endpoint is built on another branch (issue
 * 15 items 1, 2, 6) at the same time as the program; until both are merged
 * the answer is written into this test server's own SQLite database, as
 * that endpoint would store it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

import type { ReviewWorld } from './review-world.ts';

/** Accepts the abstract titled `title` and confirms it as a talk in person. */
export function confirmTalk(world: ReviewWorld, title: string) {
  const quoted = `'${title.replaceAll("'", "''")}'`;
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  execFileSync('sqlite3', [
    join(world.dataDir, 'colloquy.db'),
    `PRAGMA busy_timeout = 5000;
     UPDATE submissions SET status = 'accepted' WHERE title = ${quoted};
     INSERT INTO attendance (submission_id, response, mode, format, needs, answered_at, updated_at)
       SELECT id, 'confirmed', 'in_person', 'talk', '', '${now}', '${now}' FROM submissions WHERE title = ${quoted};`,
  ]);
}

/**
 * The text of a PDF the program typesets: each font's ToUnicode map (named
 * after the font's resource) decodes the glyph ids its text operators show.
 */
export function pdfText(pdf: Buffer): string {
  const streams: string[] = [];
  const pattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(pdf.toString('latin1'))) !== null) {
    const start = match.index + match[0].length;
    const end = pdf.indexOf('endstream', start, 'latin1');
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (or not one of ours).
    }
  }
  const maps = new Map<string, Map<string, string>>();
  for (const stream of streams) {
    const name = /\/CMapName \/FontSpecific-(\S+) def/.exec(stream)?.[1];
    if (!name) continue;
    const map = new Map<string, string>();
    for (const [, gid = '', unicode = ''] of stream.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(gid.toUpperCase(), String.fromCodePoint(...(unicode.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))));
    }
    maps.set(name, map);
  }
  const lines: string[] = [];
  for (const stream of streams) {
    let font: Map<string, string> | undefined;
    for (const [, name, hex] of stream.matchAll(/\/(\S+) [\d.]+ Tf|<([0-9A-Fa-f]+)> Tj/g)) {
      if (name) font = maps.get(name);
      else if (hex && font) lines.push((hex.toUpperCase().match(/.{4}/g) ?? []).map((gid) => font?.get(gid) ?? '').join(''));
    }
  }
  return lines.join('\n');
}
