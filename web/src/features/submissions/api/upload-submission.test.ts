import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/api-client';
import { phonologyAbstract, pdfFile } from '../../../test/conference-data';
import { installFakeXhr, type FakeXhr } from '../../../test/fake-xhr';
import type { DetailsDraft } from '../components/details-draft';
import { uploadSubmission } from './upload-submission';

const details: DetailsDraft = {
  title: 'Tone sandhi in Southern Min',
  coauthors: [{ name: 'Grace Hopper', email: 'grace@example.org', institution: 'Vassar College' }],
  keywords: ['Phonology', 'Syntax'],
  preferred_format: 'poster',
};

function only(requests: FakeXhr[]): FakeXhr {
  expect(requests).toHaveLength(1);
  const [xhr] = requests;
  if (!xhr) throw new Error('no request');
  return xhr;
}

describe('uploadSubmission', () => {
  it('posts the details, then the file as multipart field `file`, with cookies and the CSRF header', async () => {
    const requests = installFakeXhr();
    const file = pdfFile('phonology-abstract.pdf');
    const upload = uploadSubmission(file, details);
    const xhr = only(requests);

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/submissions');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.get('x-requested-with')).toBe('colloquy');
    expect(xhr.headers.get('accept')).toBe('application/json');
    expect(xhr.file?.name).toBe('phonology-abstract.pdf');
    expect(await xhr.file?.text()).toBe(await file.text());
    // The details go before the file, so the server checks them first.
    const body = xhr.body as FormData;
    expect([...body.keys()]).toEqual(['title', 'coauthors', 'keywords', 'keywords', 'preferred_format', 'file']);
    expect(body.get('title')).toBe('Tone sandhi in Southern Min');
    expect(JSON.parse(body.get('coauthors') as string)).toEqual(details.coauthors);
    expect(body.getAll('keywords')).toEqual(['Phonology', 'Syntax']);
    expect(body.get('preferred_format')).toBe('poster');

    await xhr.respond(201, phonologyAbstract);
    await expect(upload).resolves.toEqual(phonologyAbstract);
  });

  it('reports progress in whole percent, rounded down, and ignores events without a total', async () => {
    const requests = installFakeXhr();
    const onProgress = vi.fn();
    const upload = uploadSubmission(pdfFile(), details, { onProgress });
    const xhr = only(requests);

    await xhr.progress(1, 3);
    await xhr.progress(2, 3);
    await xhr.progress(3, 3);
    xhr.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: false, loaded: 5 }));
    expect(onProgress.mock.calls).toEqual([[33], [66], [100]]);

    await xhr.respond(201, phonologyAbstract);
    await upload;
  });

  it("rejects with the server's message and code", async () => {
    const requests = installFakeXhr();
    const upload = uploadSubmission(pdfFile(), details).catch((reason: unknown) => reason);
    await only(requests).respond(403, {
      error: 'The call for abstracts closed on March 21, 2025 at 11:59 PM PDT.',
      code: 'call_closed',
    });

    const error = await upload;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'call_closed',
      message: 'The call for abstracts closed on March 21, 2025 at 11:59 PM PDT.',
    });
  });

  it('rejects with status 0 when the server cannot be reached, and with the fallback for a non-JSON answer', async () => {
    const requests = installFakeXhr();
    // Each assertion is made before the failure, so the rejection is handled at once.
    const offline = expect(uploadSubmission(pdfFile(), details)).rejects.toMatchObject({ status: 0 });
    await only(requests).failNetwork();
    await offline;

    const proxied = expect(uploadSubmission(pdfFile(), details)).rejects.toMatchObject({
      status: 413,
      message: 'Something went wrong. Please try again.',
    });
    await requests[1]?.respond(413);
    await proxied;
  });

  it('aborts the request with its signal', async () => {
    const requests = installFakeXhr();
    const controller = new AbortController();
    const upload = expect(uploadSubmission(pdfFile(), details, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    const xhr = only(requests);
    controller.abort();

    expect(xhr.aborted).toBe(true);
    await upload;
  });

  it('sends nothing when the signal is already aborted', async () => {
    const requests = installFakeXhr();
    const controller = new AbortController();
    controller.abort();

    await expect(uploadSubmission(pdfFile(), details, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(requests).toHaveLength(0);
  });
});
