/**
 * What a redirect tells the page it lands on, in the router's location
 * state: why the user was sent there (`message`) and where to return after
 * signing in (`from`, a path inside this site).
 */
export interface RedirectState {
  readonly from?: string;
  readonly message?: string;
}

/**
 * Reads location state defensively: it is whatever the previous page (or a
 * restored history entry) holds, so nothing about its shape is trusted.
 */
export function readRedirectState(state: unknown): RedirectState {
  if (typeof state !== 'object' || state === null) return {};
  const fields = state as Record<string, unknown>;
  const result: { from?: string; message?: string } = {};
  const from = sitePath(fields.from);
  if (from !== undefined) result.from = from;
  if (typeof fields.message === 'string' && fields.message) result.message = fields.message;
  return result;
}

/**
 * `value` if it is a path on this site, else undefined. Rejects absolute and
 * protocol-relative URLs ('//evil.example') so that a return path can never
 * send anyone to another site.
 */
export function sitePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** The path of a router location, with its query and hash, e.g. for `from`. */
export function pathOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
