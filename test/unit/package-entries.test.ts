/**
 * The package entries as the demo and the benchmarks use them: only `recallkit` and
 * `recallkit/…`, never a path into src/, and the tsconfig "paths" that map those entries to
 * the sources in development match package.json "exports" one for one.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx|js|mjs|html)$/.test(p) && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every module specifier of a file: static and side-effect imports, re-exports, `import()`, `new URL(…)`, `src=`/`href=`. */
function specifiers(code: string): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/[^\n]*/g, '$1');
  const patterns = [
    /\b(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]/g,
    /\bnew\s+URL\s*\(\s*['"`]([^'"`]+)['"`]/g,
    /\b(?:src|href)\s*=\s*["']([^"']+)["']/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!));
}

/** The files of demo/ and bench/ that reach into src/, with the specifier. */
function sourceImports(dir: string): string[] {
  return files(join(ROOT, dir)).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((spec) => spec.startsWith('.') || spec.startsWith('/'))
      .filter((spec) => {
        const target = spec.startsWith('/') ? join(ROOT, spec) : resolve(dirname(file), spec);
        return target === SRC || target.startsWith(SRC + '/');
      })
      .map((spec) => `${relative(ROOT, file)}: ${spec}`),
  );
}

/**
 * Evaluation scripts that measure internals no entry exports, on purpose: the held-out choice
 * of ranking settings varies the re-rank's internal weights, the facts evaluation scores the
 * rule extractor turn by turn, and the MiniSearch peer is given RecallKit's own stemmer. A bench
 * of what users call goes through the package entries.
 */
const INTERNAL_EVALS = [
  'bench/eval-locomo-folds.ts',
  'bench/lib/facts-cost.ts',
  'bench/lib/facts-locomo.ts',
  'bench/lib/facts-updates.ts',
  'bench/lib/locomo-peers.ts',
];

describe('package entries', () => {
  it('demo/ and bench/ import only package entries (recallkit, recallkit/…), never src/', () => {
    expect(sourceImports('demo')).toEqual([]);
    expect(sourceImports('bench').filter((line) => !INTERNAL_EVALS.includes(line.split(':')[0]!))).toEqual([]);
  });

  it('the check sees every way a file can reach src/', () => {
    const code = [
      "import { a } from '../src/a.js';",
      "import type { B } from '../../src/b.js';",
      "import '../src/c.js';",
      "export { d } from '../src/d.js';",
      "const e = await import('../src/e.js');",
      "new Worker(new URL('../src/f.ts', import.meta.url));",
      '<script type="module" src="../src/g.ts"></script>',
      "import { h } from 'recallkit/recall';",
    ].join('\n');
    expect(specifiers(code).sort()).toEqual([
      '../../src/b.js',
      '../src/a.js',
      '../src/c.js',
      '../src/d.js',
      '../src/e.js',
      '../src/f.ts',
      '../src/g.ts',
      'recallkit/recall',
    ]);
  });

  it('tsconfig "paths" map each package.json export to the source its dist file is built from', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { types: string; default: string }>;
    };
    const tsconfig = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/[^\n]*$/gm, '');
    const paths = (JSON.parse(tsconfig) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions
      .paths;
    const fromExports = Object.entries(pkg.exports)
      .filter(([key]) => key !== './package.json')
      .map(([key, target]) => {
        const js = typeof target === 'string' ? target : target.default;
        return [
          key === '.' ? 'recallkit' : `recallkit/${key.slice(2)}`,
          js.replace(/^\.\/dist\//, './src/').replace(/\.js$/, '.ts'),
        ];
      });
    expect(Object.fromEntries(Object.entries(paths).map(([name, [target]]) => [name, target]))).toEqual(
      Object.fromEntries(fromExports),
    );
    for (const [, source] of fromExports) expect(statSync(join(ROOT, source!)).isFile()).toBe(true);
  });
});
