/**
 * A server script (TypeScript) as an app deploys it: plain JavaScript importing a checkout's
 * built package (`dist/`, `npm run build`) instead of its `src/`, run by `node` alone. Under
 * `tsx` the sources are transformed with their function names kept (`__name` on every closure
 * made), which costs CPU per call and memory per object that the built package does not.
 * @module
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

/** This repository's root. */
export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Write `script` as plain JavaScript into `cacheDir` (inside a repository, so its packages
 * resolve from there), its imports of `src/` pointing at `repo`'s `dist/`; returns the file.
 * `name` names the file (default: the script's).
 */
export function builtScript(script: string, cacheDir: string, repo = REPO, name = basename(script, '.ts')): string {
  mkdirSync(cacheDir, { recursive: true });
  const source = readFileSync(script, 'utf8').replace(
    /(['"])(?:\.\.\/)+src\//g,
    (_, quote: string) => `${quote}${join(repo, 'dist')}/`,
  );
  const { code } = transformSync(source, { loader: 'ts', format: 'esm', target: 'node20' });
  const file = join(cacheDir, `${name.replace(/\W+/g, '-')}.mjs`);
  writeFileSync(file, code);
  return file;
}
