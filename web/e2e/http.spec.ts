/**
 * What the server answers below the page level: the program file, caching
 * and compression of the built app, and the API's health and errors.
 */
import { expect, test } from './fixtures.ts';

test('/sculc-program.pdf is a PDF', async ({ request }) => {
  const response = await request.get('/sculc-program.pdf');

  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('index.html is revalidated; hashed assets are cached forever and compressed', async ({ request }) => {
  const index = await request.get('/');
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');

  const script = /\/assets\/[\w.-]+\.js/.exec(await index.text())?.[0];
  expect(script, 'index.html references a script under /assets/').toBeDefined();

  const asset = await request.get(script ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-type']).toMatch(/javascript/);
  const cacheControl = asset.headers()['cache-control'];
  expect(cacheControl).toContain('immutable');
  expect(cacheControl).toContain('max-age=31536000');
  expect(['br', 'gzip']).toContain(asset.headers()['content-encoding']);
});

test('/api/health says the server and its database are up', async ({ request }) => {
  const response = await request.get('/api/health');

  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
});

test('an unknown API path answers 404 with a JSON error, not the app', async ({ request }) => {
  const response = await request.get('/api/nope');

  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: unknown };
  expect(typeof body.error).toBe('string');
  expect(body.error).not.toBe('');
});
