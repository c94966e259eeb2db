/**
 * What the program and attendance tests share: an accepted abstract, the
 * presenters' deadlines moved, a confirmed talk, and the text of the
 * program PDF read back.
 *
 * The tests that are not about answering write the answer into the test
 * server's own SQLite database, as the confirmation endpoint stores it
 * (the seeded deadlines have passed; `attendance.spec.ts` answers through
 * the page).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

import type { ReviewWorld } from './review-world.ts';

/** Runs SQL on the world's own SQLite database, waiting out the server's writes. */
function sql(world: Pick<ReviewWorld, 'dataDir'>, statements: string) {
  execFileSync('sqlite3', [join(world.dataDir, 'colloquy.db'), `PRAGMA busy_timeout = 5000; ${statements}`]);
}

function quoted(text: string) {
  return `'${text.replaceAll("'", "''")}'`;
}

/** A time as the server stores it in SQLite, e.g. 2099-04-16T06:59:00Z. */
function stored(time: Date) {
  return time.toISOString().replace(/\.\d+Z$/, 'Z');
}

/**
 * Gives the account of `email` its name as written (Chromium's e-mail field
 * refuses a non-ASCII local part, so people with accents register with a
 * plain-letter address and are renamed here).
 */
export function renamePerson(world: ReviewWorld, email: string, firstName: string, lastName: string) {
  sql(
    world,
    `UPDATE users SET first_name = ${quoted(firstName)}, last_name = ${quoted(lastName)} WHERE email = ${quoted(email)};`,
  );
}

/** Accepts the abstract titled `title`, as an admin's decision does. */
export function acceptAbstract(world: Pick<ReviewWorld, 'dataDir'>, title: string) {
  sql(world, `UPDATE submissions SET status = 'accepted' WHERE title = ${quoted(title)};`);
}

/**
 * Moves SCULC 2025's confirm-by and final-materials deadlines: the seeded
 * ones (April and May 2025) have passed, so presenters can only answer and
 * upload once a test moves them into the future.
 */
export function setPresenterDeadlines(world: ReviewWorld, confirmBy: Date, materialsBy: Date) {
  sql(
    world,
    `UPDATE editions SET confirm_attendance_by = '${stored(confirmBy)}', final_materials_by = '${stored(materialsBy)}'
       WHERE year = 2025;`,
  );
}

/** Accepts the abstract titled `title` and confirms it, by default as a talk in person. */
export function confirmTalk(
  world: Pick<ReviewWorld, 'dataDir'>,
  title: string,
  answer: { format: 'talk' | 'poster' | 'both'; mode: 'in_person' | 'virtual' } = { format: 'talk', mode: 'in_person' },
) {
  const now = stored(new Date());
  acceptAbstract(world, title);
  sql(
    world,
    `INSERT INTO attendance (submission_id, response, mode, format, needs, answered_at, updated_at)
       SELECT id, 'confirmed', '${answer.mode}', '${answer.format}', '', '${now}', '${now}'
       FROM submissions WHERE title = ${quoted(title)};`,
  );
}

/**
 * Moves the event at `slug` to `startsAt`, and the check-ins at it to its
 * start (inside its check-in window): an event that is over, which a
 * journey cannot wait for.
 */
export function holdEventAt(world: Pick<ReviewWorld, 'dataDir'>, slug: string, startsAt: Date) {
  const at = stored(startsAt);
  sql(
    world,
    `UPDATE events SET starts_at = '${at}', closes_at = NULL, opens_at = NULL WHERE slug = ${quoted(slug)};
     UPDATE registrations SET checked_in_at = '${at}'
       WHERE checked_in_at IS NOT NULL AND event_id = (SELECT id FROM events WHERE slug = ${quoted(slug)});`,
  );
}

/** The presenter of the abstract titled `title` declines, after having confirmed. */
export function declineTalk(world: Pick<ReviewWorld, 'dataDir'>, title: string) {
  sql(
    world,
    `UPDATE attendance SET response = 'declined', mode = NULL, format = NULL
       WHERE submission_id = (SELECT id FROM submissions WHERE title = ${quoted(title)});`,
  );
}

/**
 * The text of a PDF the program typesets: each font's ToUnicode map (named
 * after the font's resource) decodes the glyph ids its text operators show,
 * one line per operator.
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
    // `<ids> Tj`, or `[<ids> kern <ids> …] TJ` where glyphs are placed one by one (shaped text).
    for (const [, name, hex, array] of stream.matchAll(/\/(\S+) [\d.]+ Tf|<([0-9A-Fa-f]+)> Tj|\[([^\]]*)\]\s*TJ/g)) {
      if (name) {
        font = maps.get(name);
        continue;
      }
      const shown = hex ?? [...(array ?? '').matchAll(/<([0-9A-Fa-f]+)>/g)].map((ids) => ids[1]).join('');
      if (font) lines.push((shown.toUpperCase().match(/.{4}/g) ?? []).map((gid) => font?.get(gid) ?? '').join(''));
    }
  }
  return lines.join('\n');
}
