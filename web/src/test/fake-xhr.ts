import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Listener = ((event: ProgressEvent) => void) | null;

/**
 * A stand-in for XMLHttpRequest, for uploads (fetch cannot report upload
 * progress, so they do not go through the fake server of renderApp). A test
 * reads what was sent and then plays the network: progress, an answer, a
 * failure. Each step runs inside act(), since it updates the page.
 */
export class FakeXhr {
  method = '';
  url = '';
  readonly headers = new Map<string, string>();
  withCredentials = false;
  body: unknown = undefined;
  status = 0;
  responseText = '';
  aborted = false;
  readonly upload: { onprogress: Listener } = { onprogress: null };
  onload: Listener = null;
  onerror: Listener = null;
  ontimeout: Listener = null;
  onabort: Listener = null;
  onloadend: Listener = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
    this.onloadend?.(new ProgressEvent('loadend'));
  }

  /** The file sent in the multipart field `file`. */
  get file(): File | null {
    const value = this.body instanceof FormData ? this.body.get('file') : null;
    return value instanceof File ? value : null;
  }

  /** `loaded` of `total` bytes sent. */
  async progress(loaded: number, total: number) {
    await act(async () => {
      this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
      await Promise.resolve();
    });
  }

  /** The server answers with `status` and `body` as JSON (or nothing). */
  async respond(status: number, body?: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = body === undefined ? '' : JSON.stringify(body);
      this.onload?.(new ProgressEvent('load'));
      this.onloadend?.(new ProgressEvent('loadend'));
      await Promise.resolve();
    });
  }

  /** The connection fails (offline, reset). */
  async failNetwork() {
    await act(async () => {
      this.onerror?.(new ProgressEvent('error'));
      this.onloadend?.(new ProgressEvent('loadend'));
      await Promise.resolve();
    });
  }
}

/** Replaces XMLHttpRequest for this test; returns the requests made, in order. */
export function installFakeXhr(): FakeXhr[] {
  const requests: FakeXhr[] = [];
  class RecordedXhr extends FakeXhr {
    constructor() {
      super();
      requests.push(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', RecordedXhr);
  return requests;
}
