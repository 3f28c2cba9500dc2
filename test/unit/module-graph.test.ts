import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
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

/**
 * Every module a file names, parsed by TypeScript: `import` and `import type`, `export … from`
 * (`export type`, `export *`, `export * as`), side-effect imports, `import x = require()`,
 * `import()` calls and `typeof import()` types.
 */
function allImports(text: string): string[] {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      out.push(node.moduleReference.expression.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) out.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources), or undefined. */
function resolveRelative(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base,
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** Every import cycle of a graph (its strongly connected components, Tarjan), each as a path `a → b → … → a`. */
function importCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v)) components.push(component);
  };
  for (const v of edges.keys()) if (!index.has(v)) connect(v);
  // One readable path per component: from its first file, follow edges inside it back to the start.
  return components.map((component) => {
    const inside = new Set(component);
    const start = [...component].sort()[0]!;
    const path = [start];
    const seen = new Set([start]);
    const walk = (v: string): boolean => {
      for (const w of edges.get(v) ?? []) {
        if (!inside.has(w)) continue;
        if (w === start) return path.push(w) > 0;
        if (seen.has(w)) continue;
        seen.add(w);
        path.push(w);
        if (walk(w)) return true;
        path.pop();
      }
      return false;
    };
    walk(start);
    return path;
  });
}

/** The import graph of every source file, type-only imports included. */
function sourceGraph(): { edges: Map<string, string[]>; unresolved: string[] } {
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of tsFiles(SRC)) {
    const targets: string[] = [];
    for (const spec of allImports(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolveRelative(file, spec);
      if (target) targets.push(relative(SRC, target));
      else unresolved.push(`${relative(SRC, file)}: ${spec}`);
    }
    edges.set(relative(SRC, file), targets);
  }
  return { edges, unresolved };
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
        expect
          .soft(`${pkg} (imported by ${from})`)
          .not.toMatch(/^(node:|idb|comlink|@dqbd\/tiktoken|@mlc-ai\/web-llm)/);
      }
      for (const f of files) {
        const code = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
        expect
          .soft(`${relative(SRC, f)}: ${/\b(window|document|indexedDB|navigator)\s*[.[]/.exec(code)?.[0] ?? ''}`)
          .toMatch(/: $/);
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
      expect
        .soft(
          staticImports(file).filter((s) => s.startsWith('@mlc-ai/web-llm')),
          relative(SRC, file),
        )
        .toEqual([]);
    }
    const { packages } = graph(join(SRC, 'index.ts'));
    expect([...packages.keys()].filter((p) => p.includes('web-llm'))).toEqual([]);
  });

  it('has no import cycle, counting type-only imports, re-exports and import()', () => {
    const { edges, unresolved } = sourceGraph();
    expect(unresolved).toEqual([]);
    expect(edges.size).toBeGreaterThan(100);
    expect(importCycles(edges).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('sees every kind of import when looking for cycles', () => {
    const text = [
      "import type { A } from './a.js';",
      "import {\n  b,\n  type C,\n} from './b.js';",
      "export type { D } from './d.js';",
      "export * from './e.js';",
      "export * as f from './f.js';",
      "import './g.js';",
      "type H = typeof import('./h.js');",
      "const i = await import('./i.js');",
      "import j = require('./j.js');",
      "// import { k } from './comment.js';",
      'const l = "import { l } from \'./string.js\'";',
    ].join('\n');
    expect(allImports(text)).toEqual([
      './a.js',
      './b.js',
      './d.js',
      './e.js',
      './f.js',
      './g.js',
      './h.js',
      './i.js',
      './j.js',
    ]);
    // A type-only import back is a cycle; so is one through a re-export.
    const graph = new Map([
      ['blend.ts', ['search.ts']],
      ['search.ts', ['blend.ts', 'types.ts']],
      ['types.ts', []],
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['self.ts', ['self.ts']],
    ]);
    expect(
      importCycles(graph)
        .map((c) => c.join(' → '))
        .sort(),
    ).toEqual(['a.ts → b.ts → c.ts → a.ts', 'blend.ts → search.ts → blend.ts', 'self.ts → self.ts']);
  });
});
