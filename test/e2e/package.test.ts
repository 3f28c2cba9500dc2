/**
 * What `npm pack` (and so `npm publish` or a git install) ships from a fresh checkout: the
 * package's own `prepare` script must build `dist/`, every `exports` target must be in the
 * tarball, and the license the manifest names must be there.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packLibrary, REPO, type PackedLibrary } from '../../bench/browser/user-app.js';

let pkg: PackedLibrary;

beforeAll(async () => {
  pkg = await packLibrary();
}, 240_000);

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
  expect(pkg.files.filter((f) => f.startsWith('src/') || f.startsWith('test/') || f.includes('node_modules'))).toEqual(
    [],
  );
  expect(manifest.scripts.prepare).toContain('build');
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
