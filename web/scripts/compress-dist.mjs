// Writes precompressed copies (.br and .gz) of every compressible file in
// dist/, beside the original, for the server's ServeDir (precompressed_br /
// precompressed_gzip). Images and fonts are already compressed and skipped.
// A copy is only written when it saves at least 5%; the server falls back to
// the original file when no copy exists.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const COMPRESSIBLE = new Set([
  '.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.map', '.txt', '.xml', '.ico',
]);
const MIN_SAVING = 0.05;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

async function compress(path) {
  const original = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gz(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = [];
  for (const [suffix, data] of [['.br', br], ['.gz', gzipped]]) {
    if (data.length <= original.length * (1 - MIN_SAVING)) {
      await writeFile(path + suffix, data);
      written.push(`${suffix} ${data.length}`);
    }
  }
  return { original: original.length, written };
}

try {
  await stat(dist);
} catch {
  console.error(`compress-dist: ${dist} does not exist; run vite build first`);
  process.exit(1);
}

let count = 0;
for await (const path of files(dist)) {
  if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
  const { original, written } = await compress(path);
  if (written.length > 0) count += 1;
  console.log(`  ${relative(dist, path)}  ${original} B -> ${written.join(', ') || 'kept as is'}`);
}
console.log(`compress-dist: precompressed ${count} file(s) in dist/`);
