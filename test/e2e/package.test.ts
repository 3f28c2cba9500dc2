/**
 * What `npm pack` (and so `npm publish`) ships from a fresh checkout: the package's own
 * `prepack` script must build `dist/`, every `exports` target must be in the tarball, no tests,
 * benchmarks or demo, no script that runs when a user installs the package, and the license
 * the manifest names must be there.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packLibrary, REPO, type PackedLibrary } from '../../bench/browser/user-app.js';
import { figureMismatches, packFigures } from '../../bench/lib/doc-figures.js';

let pkg: PackedLibrary;

beforeAll(async () => {
  pkg = await packLibrary();
});

afterAll(() => pkg?.remove());

type Exports = Record<string, string | { types?: string; default?: string }>;

it('ships the built library: every exports target, the types and the worker entry', () => {
  const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as {
    exports: Exports;
    main: string;
    types: string;
    scripts: Record<string, string>;
  };
  const targets = Object.values(manifest.exports).flatMap((t) => (typeof t === 'string' ? [t] : [t.types, t.default]));
  targets.push(manifest.main, manifest.types);
  for (const target of targets) {
    expect(target, 'an exports target').toBeTypeOf('string');
    expect(pkg.files, `tarball holds ${target}`).toContain(target!.replace(/^\.\//, ''));
  }
  expect(pkg.files.filter((f) => f.startsWith('dist/')).length).toBeGreaterThan(100);
  expect(manifest.scripts.prepack).toContain('build');
});

it('ships no sources, tests, benchmarks or demo: dist/ and the three top-level files only', () => {
  const outside = pkg.files.filter((f) => !f.startsWith('dist/'));
  expect(outside.sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
  expect(pkg.files.filter((f) => /(^|\/)(test|tests|bench|demo|src|node_modules)\//.test(f))).toEqual([]);
  expect(pkg.files.filter((f) => /\.test\.[cm]?[jt]s$/.test(f))).toEqual([]);
});

it("the docs state the tarball's size and file count as npm pack reports them", () => {
  expect(figureMismatches(packFigures(pkg))).toEqual([]);
});

it('ships no source maps (they would name src/ files it does not ship): its JavaScript is the readable tsc output', () => {
  expect(pkg.files.filter((f) => f.endsWith('.map'))).toEqual([]);
  for (const file of pkg.files.filter((f) => f.endsWith('.js') || f.endsWith('.d.ts')))
    expect(readFileSync(join(pkg.dir, file), 'utf8'), file).not.toContain('sourceMappingURL');
});

it('runs nothing when a user installs it, and does not make every install download WebLLM', () => {
  const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
    peerDependenciesMeta: Record<string, { optional?: boolean }>;
  };
  // npm runs these on install (prepare also for git and local-folder installs).
  for (const script of ['preinstall', 'install', 'postinstall', 'prepare'])
    expect(manifest.scripts[script], script).toBeUndefined();
  expect(manifest.dependencies).not.toHaveProperty('@mlc-ai/web-llm');
  expect(manifest.peerDependencies['@mlc-ai/web-llm']).toBeTypeOf('string');
  expect(manifest.peerDependenciesMeta['@mlc-ai/web-llm']?.optional).toBe(true);
});

it('ships the MIT license the manifest names', () => {
  const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as { license: string };
  expect(manifest.license).toBe('MIT');
  expect(pkg.files).toContain('LICENSE');
  const license = readFileSync(join(pkg.dir, 'LICENSE'), 'utf8');
  expect(license).toMatch(/^MIT License/);
  expect(license).toContain('Copyright (c) 2026 RecallKit contributors');
});

it('imports from the unpacked tarball in plain Node', async () => {
  // Its dependencies beside it, as npm lays them out (the package itself stays as packed).
  symlinkSync(join(REPO, 'node_modules'), join(pkg.dir, '..', 'node_modules'), 'dir');
  const { createMemory } = (await import(join(pkg.dir, 'dist/index.js'))) as typeof import('../../src/index.js');
  const memory = await createMemory({ store: 'memory' });
  await memory.addUserMessage('s', 'hello from the tarball');
  expect((await memory.getStats('s')).totalEntries).toBe(1);
  await memory.close();
});
