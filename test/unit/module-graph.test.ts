import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../src');

/** Static imports (`import … from`, `export … from`), not dynamic `import()`. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]/gm)) {
    if (!/^\s*import\s+type\s/.test(m[0]) && !/^\s*export\s+type\s/.test(m[0])) out.push(m[1]!);
  }
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push(m[1]!);
  return out;
}

/** Every file reachable by static value imports from `entry`, with the bare packages they import. */
function graph(entry: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.set(spec, relative(SRC, file));
    }
  };
  visit(entry);
  return { files, packages };
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

describe('module graph', () => {
  it('keeps the core pure: no DOM, IndexedDB, comlink, WASM or node: imports, even transitively', () => {
    for (const file of tsFiles(join(SRC, 'core'))) {
      const { files, packages } = graph(file);
      for (const [pkg, from] of packages) {
        expect.soft(`${pkg} (imported by ${from})`).not.toMatch(/^(node:|idb|comlink|@dqbd\/tiktoken|@mlc-ai\/web-llm)/);
      }
      for (const f of files) {
        const code = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
        expect.soft(`${relative(SRC, f)}: ${/\b(window|document|indexedDB|navigator)\s*[.[]/.exec(code)?.[0] ?? ''}`).toMatch(/: $/);
      }
    }
  });

  it('keeps test and database packages out of the root entry: vitest only in recallkit/testing', () => {
    const { packages } = graph(join(SRC, 'index.ts'));
    expect([...packages.keys()].filter((p) => /^(vitest|pg|@electric-sql\/pglite)(\/|$)/.test(p))).toEqual([]);
    expect([...graph(join(SRC, 'testing/index.ts')).packages.keys()]).toContain('vitest');
  });

  it('recallkit/postgres loads pg and PGlite only with import(): an app installs just the driver it uses', () => {
    const { packages } = graph(join(SRC, 'store/postgres/index.ts'));
    expect([...packages.keys()]).toEqual([]);
  });

  it('never imports @mlc-ai/web-llm statically: only the WebLLM summarizer loads it, with import()', () => {
    // webllm-worker.ts is the model's own worker entry, started only by webLLMSummarizer.
    for (const file of tsFiles(SRC).filter((f) => !f.endsWith('webllm-worker.ts'))) {
      expect.soft(staticImports(file).filter((s) => s.startsWith('@mlc-ai/web-llm')), relative(SRC, file)).toEqual([]);
    }
    const { packages } = graph(join(SRC, 'index.ts'));
    expect([...packages.keys()].filter((p) => p.includes('web-llm'))).toEqual([]);
  });
});
