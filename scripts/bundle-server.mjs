/**
 * Bundles the server entry (`recallkit/postgres`, `dist/server/index.js`) after `tsc`: Node
 * loads each ES module file on its own, and a server's cold start loaded about 240 of them (the
 * entry, then the users' engines with `import()`), which cost more CPU than the rest of its first
 * turn. Bundled, the entry is one file and the engine one chunk loaded with `import()`, as before
 * (the facts extraction code another, loaded only with `facts` on).
 *
 * The modules another entry shares state with stay files of their own, imported by the bundle
 * from `dist/` as before, so there is still one of each in a process that imports
 * `recallkit/postgres` beside `recallkit` or `recallkit/formats`: the error classes (`instanceof`),
 * the format and strategy registries (`registerFormat`, `registerStrategy`), the tokenizer's loaded
 * encoders (`preloadTiktoken`) and the module that finds its rank files next to itself in `dist/tokens/`, and the modules that
 * mark objects in a module-level set (`summarizesInThread`, cached sessions, media parts).
 * A module whose state is only a cache (the context's memoized interaction costs in
 * `core/context/assemble.js`) is bundled: a second copy computes the same values, and each file
 * kept apart, with the files it imports, is loaded one by one at a cold start.
 *
 * Usage: `node scripts/bundle-server.mjs [dir]` (default `dist`); `npm run build` runs it.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const dist = resolve(process.argv[2] ?? 'dist');
const out = join(dist, 'server');

/** Modules (under `dist/`) kept as files: their state is shared with the package's other entries. */
const SHARED = [
  'errors.js',
  'tokens/load-status.js',
  'tokens/rank-source.js',
  'tokens/tiktoken-wasm.js',
  'core/ids.js',
  'core/unstored.js',
  'core/interactions.js',
  'formats/registered-formats.js',
  'formats/media-parts.js',
  'strategies/registered-strategies.js',
  'summarizers/heuristic.js',
];
const isShared = (path) => SHARED.includes(relative(dist, path).split('\\').join('/'));

/** What `tsc` wrote for the server folder: replaced by the bundle (the `.d.ts` files stay). */
const compiled = readdirSync(out).filter((f) => f.endsWith('.js'));

await build({
  entryPoints: { index: join(out, 'index.js') },
  outdir: out,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
  plugins: [
    {
      name: 'shared-modules',
      setup(b) {
        b.onResolve({ filter: /^\./ }, (args) => {
          const path = resolve(args.resolveDir, args.path);
          if (!isShared(path)) return undefined;
          // Every output is in dist/server/: the path from there.
          return { path: relative(out, path).split('\\').join('/'), external: true };
        });
      },
    },
  ],
});
for (const file of compiled) if (file !== 'index.js') rmSync(join(out, file));
