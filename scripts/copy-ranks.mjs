/**
 * Build step: copies tiktoken's rank files (`@dqbd/tiktoken/encoders/<encoding>.json`) into
 * `<outDir>/tokens/ranks/`, where `src/tokens/tiktoken-assets.ts` finds them in a browser with
 * `new URL('./ranks/<encoding>.json', import.meta.url)`. In the sources, `src/tokens/ranks/`
 * holds links to the same files, so Vite serves them from a checkout too (tests, playground).
 *
 * Usage: `node scripts/copy-ranks.mjs [outDir]` (default `dist`).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/** The encodings `tiktokenCounter` supports (TIKTOKEN_ENCODINGS in src/tokens/tiktoken.ts). */
const ENCODINGS = ['o200k_base', 'cl100k_base'];

const outDir = resolve(process.argv[2] ?? 'dist');
const require = createRequire(join(process.cwd(), 'package.json'));
const target = join(outDir, 'tokens', 'ranks');
mkdirSync(target, { recursive: true });
for (const encoding of ENCODINGS) {
  copyFileSync(require.resolve(`@dqbd/tiktoken/encoders/${encoding}.json`), join(target, `${encoding}.json`));
}
