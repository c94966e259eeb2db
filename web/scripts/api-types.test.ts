/**
 * src/api/schema.d.ts must be exactly what openapi-typescript makes of the committed
 * openapi.json (which a server test keeps equal to the served document), so
 * the web app never compiles against stale API types. Fix: `make api-types`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

const apiDir = fileURLToPath(new URL('../src/api/', import.meta.url));
const cli = fileURLToPath(new URL('../node_modules/openapi-typescript/bin/cli.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'colloquy-api-types-'));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

// Generating takes a node process of its own: seconds on a busy 2-core
// machine, past Vitest's 5 s default.
test('the committed API types are generated from the committed OpenAPI document', { timeout: 60_000 }, () => {
  const fresh = join(scratch, 'schema.d.ts');
  execFileSync(process.execPath, [cli, join(apiDir, 'openapi.json'), '-o', fresh], { stdio: 'pipe' });
  const committed = readFileSync(join(apiDir, 'schema.d.ts'), 'utf8');
  expect(committed, 'web/src/api/schema.d.ts is stale: run `make api-types`').toBe(
    readFileSync(fresh, 'utf8'),
  );
});
