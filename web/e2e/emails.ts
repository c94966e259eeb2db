/**
 * The e-mails the server sent, read from its outbox (DATA/outbox/*.eml:
 * without SMTP, each e-mail is one file there, named by a random id).
 *
 * E-mails go out in the background after the request that causes them has
 * been answered, so tests wait for them (waitForEmail). Give every test its
 * own addresses (uniqueEmail) so that tests running side by side never read
 * each other's e-mails.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface Email {
  /** The .eml file, for error messages. */
  file: string;
  /** Recipient addresses, lower-cased. */
  to: string[];
  subject: string;
  /** The text, decoded (quoted-printable or base64 undone). */
  body: string;
  /** When the file was written. */
  sentAt: Date;
}

/** `ada.lovelace.k3x9p2@example.test`: a fresh address with the given local part. */
export function uniqueEmail(localPart: string): string {
  return `${localPart}.${randomBytes(4).toString('hex')}@example.test`.toLowerCase();
}

const POLL_INTERVAL_MS = 100;
const DEFAULT_TIMEOUT_MS = 10_000;

export class Outbox {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Every complete e-mail to `address`, oldest first. */
  async emailsTo(address: string): Promise<Email[]> {
    const wanted = address.toLowerCase();
    return (await this.all()).filter((email) => email.to.includes(wanted));
  }

  /**
   * Waits until `address` has received at least `count` e-mails and returns
   * the newest. `count` is how the caller tells a new e-mail from the ones
   * it has already seen (e.g. 2 after asking for a second verification e-mail).
   */
  async waitForEmail(
    address: string,
    { count = 1, timeout = DEFAULT_TIMEOUT_MS }: { count?: number; timeout?: number } = {},
  ): Promise<Email> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const emails = await this.emailsTo(address);
      const newest = emails.at(-1);
      if (newest && emails.length >= count) return newest;
      if (Date.now() > deadline) {
        const subjects = emails.map((email) => `"${email.subject}"`).join(', ') || 'none';
        throw new Error(
          `waited ${timeout} ms for e-mail number ${count} to ${address} in ${this.dir}; ` +
            `it has ${emails.length}: ${subjects}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  }

  private async all(): Promise<Email[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((name) => name.endsWith('.eml'));
    } catch (error) {
      // The server creates the outbox when it starts; be lenient if it is not there yet.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const emails = await Promise.all(
      names.map(async (name) => {
        const file = join(this.dir, name);
        const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
        return parseEmail(file, text, info.mtime);
      }),
    );
    return emails
      .filter((email): email is Email => email !== undefined)
      .sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime() || a.file.localeCompare(b.file));
  }
}

/**
 * The link in `email` to `path` on the site (e.g. '/verify-email'), as an
 * absolute URL with its query (the token). Throws, quoting the e-mail, if
 * there is none.
 */
export function linkIn(email: Email, path: string): string {
  for (const match of email.body.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return url.href;
  }
  throw new Error(`no link to ${path} in "${email.subject}" (${email.file}):\n${email.body}`);
}

/**
 * Reads one .eml file as lettre writes it: a text message, or a multipart
 * one (a confirmation with its ticket and calendar entry attached) whose
 * body is its first text/plain part. Undefined while the file is still
 * being written (no end of headers yet).
 */
function parseEmail(file: string, text: string, sentAt: Date): Email | undefined {
  const split = /\r?\n\r?\n/.exec(text);
  if (!split) return undefined;
  const headers = parseHeaders(text.slice(0, split.index));
  const body = plainText(file, headers, text.slice(split.index + split[0].length));
  if (body === undefined) return undefined;
  const to = [...(headers.get('to') ?? '').matchAll(/[^\s<>,"]+@[^\s<>,"]+/g)].map((m) => m[0].toLowerCase());
  return { file, to, subject: decodeEncodedWords(headers.get('subject') ?? ''), body, sentAt };
}

/** The text of a part with `headers`: itself, decoded, or a multipart's first text/plain part. */
function plainText(file: string, headers: Map<string, string>, rawBody: string): string | undefined {
  const contentType = headers.get('content-type') ?? 'text/plain';
  if (contentType.toLowerCase().startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) throw new Error(`${file}: a multipart e-mail without a boundary (${contentType})`);
    // Undefined until the closing boundary is written.
    if (!rawBody.includes(`--${boundary}--`)) return undefined;
    for (const part of rawBody.split(`--${boundary}`).slice(1, -1)) {
      const end = /\r?\n\r?\n/.exec(part);
      if (!end) continue;
      const partHeaders = parseHeaders(part.slice(0, end.index).replace(/^\r?\n/, ''));
      const type = (partHeaders.get('content-type') ?? 'text/plain').toLowerCase();
      if (!type.startsWith('text/plain') && !type.startsWith('multipart/')) continue;
      const text = plainText(file, partHeaders, part.slice(end.index + end[0].length).replace(/\r?\n$/, ''));
      if (text !== undefined) return text;
    }
    throw new Error(`${file}: a multipart e-mail without a text part`);
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return encoding === 'quoted-printable'
    ? decodeQuotedPrintable(rawBody)
    : encoding === 'base64'
      ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8')
      : rawBody;
}

/** Header names lower-cased; folded lines joined. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** RFC 2045: `=` at a line end is a soft break; `=XX` is a byte. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** RFC 2047 encoded words in a header, e.g. a subject with non-ASCII letters. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // white space between encoded words is not part of the text
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
