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

/**
 * The import graph of every TypeScript file under `root`, type-only imports included, keyed by
 * path relative to `root`. Imports that leave `root` (bench/ reading test/ helpers) are not edges:
 * nothing under src/ or test/ imports demo/ or bench/, so no cycle can pass through them.
 */
function sourceGraph(root = SRC): { edges: Map<string, string[]>; unresolved: string[] } {
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of tsFiles(root)) {
    const targets: string[] = [];
    for (const spec of allImports(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolveRelative(file, spec);
      if (!target) unresolved.push(`${relative(root, file)}: ${spec}`);
      else if (!relative(root, target).startsWith('..')) targets.push(relative(root, target));
    }
    edges.set(relative(root, file), targets);
  }
  return { edges, unresolved };
}

/** `.ts` and `.tsx` sources under `dir`, skipping caches and installed packages. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === '.cache' || name === 'dist') return [];
    return statSync(p).isDirectory() ? tsFiles(p) : /\.tsx?$/.test(p) && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/**
 * The layers of docs/architecture.md ("Which layer may import which"): each rule names the files
 * it covers (paths under src/, a folder ends in `/`), the modules they may not import (type-only
 * imports count), and the arrows allowed across it, each with its reason. Keep the table in the
 * guide and this one the same.
 */
interface LayerRule {
  /** Who the rule is about, in the guide's words. */
  name: string;
  files: readonly string[];
  mayNotImport: readonly string[];
  /** `from → to` prefixes let through, with why. */
  except?: readonly { from: string; to: string; why: string }[];
}

const ADAPTERS = ['react/', 'langchain/', 'ai-sdk/'];
const HOSTS = ['index.ts', 'create-memory.ts', 'open-engine.ts', 'worker/', 'testing/', ...ADAPTERS];
const PLUGINS = [
  'strategies/',
  'recall/',
  'tokens/',
  'conditions/',
  'formats/',
  'summarizers/',
  'embedders/',
  'facts/',
];
const BACKENDS = ['store/memory/', 'store/indexeddb/', 'store/postgres/', 'store/durable/', 'store/journal/'];
const CHECKS_ONLY = { to: 'core/checks/', why: 'the input checks every boundary shares' };

const LAYER_RULES: readonly LayerRule[] = [
  {
    name: 'slices/ (work in slices, the host yield) is a leaf every layer may use: it imports nothing of RecallKit',
    files: ['slices/'],
    mayNotImport: ['core/', ...PLUGINS, 'store/', 'sync/', ...HOSTS, 'types.ts', 'memory.ts', 'errors.ts'],
  },
  {
    name: 'core/ is the engine: it sees no store, sync, host or adapter',
    files: ['core/'],
    mayNotImport: ['store/', 'sync/', ...HOSTS],
  },
  {
    name: 'core/checks/ is shared by every boundary: it imports only the shapes',
    files: ['core/checks/'],
    mayNotImport: ['core/', ...PLUGINS, 'store/', 'sync/', ...HOSTS],
  },
  {
    name: 'the plugins (strategies, recall, tokens, conditions, formats, summarizers, embedders, facts) sit under core/',
    files: PLUGINS,
    mayNotImport: ['core/', 'store/', 'sync/', ...HOSTS],
    except: [
      ...PLUGINS.map((p) => ({ from: p, ...CHECKS_ONLY })),
      ...PLUGINS.map((p) => ({
        from: `${p}index.ts`,
        to: 'core/',
        why: 'a public subpath entry re-exports what it documents',
      })),
    ],
  },
  {
    name: 'store/ is beside core/: backends see the shapes, the checks and the plugins, not sync or the engine',
    files: ['store/'],
    mayNotImport: ['core/', 'sync/', ...HOSTS],
    except: [{ from: 'store/', ...CHECKS_ONLY }],
  },
  {
    name: 'server/ (recallkit/postgres) composes engines over the store and the sync handler: nothing below imports it',
    files: ['core/', ...PLUGINS, 'store/', 'sync/', ...HOSTS],
    mayNotImport: ['server/'],
  },
  ...BACKENDS.map((backend) => ({
    name: `${backend} is one backend: it imports no other backend`,
    files: [backend],
    mayNotImport: BACKENDS.filter((b) => b !== backend),
    except: [
      { from: 'store/durable/', to: 'store/journal/', why: 'the durable store is written on the journal' },
      {
        from: 'store/journal/',
        to: 'store/durable/durability-types.ts',
        why: 'the journal takes its write shape from the durable store (types only)',
      },
    ],
  })),
  {
    name: 'sync/ (shared protocol) sees neither side',
    files: [
      'sync/bounds.ts',
      'sync/content-bound.ts',
      'sync/hash.ts',
      'sync/protocol.ts',
      'sync/types.ts',
      'sync/validate-records.ts',
    ],
    mayNotImport: ['sync/client/', 'sync/server/', 'store/', ...HOSTS],
  },
  {
    name: 'sync/client/ is a store layer in the app: no server, no backend',
    files: ['sync/client/'],
    mayNotImport: ['sync/server/', 'store/', ...HOSTS],
  },
  {
    name: 'sync/server/ is the handler: PostgreSQL through store/postgres/, no client',
    files: ['sync/server/'],
    mayNotImport: ['sync/client/', 'store/', ...HOSTS],
    except: [{ from: 'sync/server/', to: 'store/postgres/', why: 'its driver, migrations and tenant checks' }],
  },
  {
    name: 'the adapters (react, langchain, ai-sdk) call a Memory: no engine, store, sync or worker',
    files: ADAPTERS,
    mayNotImport: ['core/', 'store/', 'sync/', ...HOSTS.filter((h) => !ADAPTERS.includes(h))],
    except: ADAPTERS.map((a) => ({ from: a, ...CHECKS_ONLY })),
  },
  {
    name: 'testing/ runs the conformance suite against any StoreAdapter: it knows no backend',
    files: ['testing/'],
    mayNotImport: [
      'core/',
      'store/',
      'sync/',
      'index.ts',
      'create-memory.ts',
      'open-engine.ts',
      'worker/',
      ...ADAPTERS,
    ],
  },
];

/** Where a graph breaks the rules, as `rule: from → to`. */
function layerViolations(edges: ReadonlyMap<string, readonly string[]>, rules: readonly LayerRule[]): string[] {
  const under = (file: string, prefix: string) => (prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix);
  const out: string[] = [];
  for (const rule of rules) {
    for (const [from, targets] of edges) {
      if (!rule.files.some((f) => under(from, f))) continue;
      for (const to of targets) {
        if (!rule.mayNotImport.some((m) => under(to, m))) continue;
        if (rule.files.some((f) => under(to, f))) continue; // inside its own layer
        if (rule.except?.some((e) => under(from, e.from) && under(to, e.to))) continue;
        out.push(`${rule.name}: ${from} → ${to}`);
      }
    }
  }
  return out;
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
    const { packages } = graph(join(SRC, 'server/index.ts'));
    expect([...packages.keys()]).toEqual([]);
  });

  it("a server's engines load no browser store, journal, sync client or facts rules: only what a server runs", () => {
    const relativeFiles = (entry: string) => [...graph(join(SRC, entry)).files].map((f) => relative(SRC, f));
    const browserOnly = (f: string) =>
      /^(store\/indexeddb\/|store\/journal\/|sync\/client\/|worker\/|facts\/default-facts|create-memory\.ts|index\.ts)/.test(
        f,
      ) ||
      (f.startsWith('store/durable/') && !/(storage-host|verify-session|durability-types)\.ts$/.test(f));
    for (const entry of ['server/index.ts', 'server/user-engines.ts'])
      expect.soft(relativeFiles(entry).filter(browserOnly), entry).toEqual([]);
    // createMemory still has all of it (the check sees what it should).
    expect(relativeFiles('create-memory.ts').filter(browserOnly).length).toBeGreaterThan(10);
  });

  it("a worker's start loads no facts extraction code: createMemory imports it with import(), only when facts are on", () => {
    const files = [...graph(join(SRC, 'worker/worker.ts')).files].map((f) => relative(SRC, f));
    expect(files.filter((f) => /^facts\/(rules\/|model\/|default-facts)/.test(f))).toEqual([]);
    // The check sees what it should: the facts code's own graph has the rules.
    expect(
      [...graph(join(SRC, 'facts/default-facts.ts')).files].filter((f) => relative(SRC, f).startsWith('facts/rules/'))
        .length,
    ).toBeGreaterThan(5);
  });

  it("a worker's start loads no sync client: createMemory imports it with import(), only when sync is on", () => {
    const files = [...graph(join(SRC, 'worker/worker.ts')).files].map((f) => relative(SRC, f));
    // What every start needs of it: the option's check, the error it throws, the wiring when off.
    const kept = ['sync/client/options.ts', 'sync/client/transport.ts', 'sync/client/sync-setup.ts'];
    expect(files.filter((f) => f.startsWith('sync/client/') && !kept.includes(f))).toEqual([]);
    // The check sees what it should: the client's own graph has the rest.
    expect(
      [...graph(join(SRC, 'sync/client/with-sync.ts')).files].filter((f) => relative(SRC, f).startsWith('sync/client/'))
        .length,
    ).toBeGreaterThan(5);
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

  it('has no import cycle in the demo and the bench scripts either', () => {
    for (const dir of ['demo', 'bench']) {
      const { edges, unresolved } = sourceGraph(resolve(SRC, '..', dir));
      expect.soft(unresolved, dir).toEqual([]);
      expect.soft(edges.size, dir).toBeGreaterThan(10);
      expect.soft(importCycles(edges).map((cycle) => cycle.map((f) => `${dir}/${f}`).join(' → '))).toEqual([]);
    }
  });

  it('keeps the layers docs/architecture.md names', () => {
    const { edges } = sourceGraph();
    expect(layerViolations(edges, LAYER_RULES)).toEqual([]);
    // Every rule covers files that exist, so a renamed folder cannot leave a rule checking nothing.
    for (const rule of LAYER_RULES) {
      expect
        .soft(
          [...edges.keys()].some((f) => rule.files.some((p) => f === p || f.startsWith(p))),
          rule.name,
        )
        .toBe(true);
    }
  });

  it('fails on an arrow the layers forbid, and lets the named exceptions through', () => {
    const graph = new Map([
      ['core/engine.ts', ['store/memory/memory-store.ts', 'core/ids.ts']],
      ['core/checks/validate.ts', ['core/engine.ts', 'errors.ts']],
      ['strategies/registry.ts', ['core/engine.ts', 'core/checks/validate.ts']],
      ['strategies/index.ts', ['core/config.ts']],
      ['store/indexeddb/schema.ts', ['sync/protocol.ts', 'store/memory/memory-store.ts']],
      ['store/postgres/index.ts', ['sync/server/sync-handler.ts']],
      ['store/postgres/store.ts', ['server/server-memory.ts']],
      ['server/index.ts', ['store/postgres/store.ts', 'sync/server/sync-handler.ts', 'create-memory.ts']],
      ['sync/client/client.ts', ['sync/server/log.ts']],
      ['sync/server/log.ts', ['store/postgres/driver.ts', 'store/memory/memory-store.ts']],
    ]);
    expect(layerViolations(graph, LAYER_RULES).map((v) => v.slice(v.lastIndexOf(': ') + 2))).toEqual([
      'core/engine.ts → store/memory/memory-store.ts',
      'core/checks/validate.ts → core/engine.ts',
      'strategies/registry.ts → core/engine.ts',
      'store/indexeddb/schema.ts → sync/protocol.ts',
      'store/postgres/index.ts → sync/server/sync-handler.ts',
      'store/postgres/store.ts → server/server-memory.ts',
      'store/indexeddb/schema.ts → store/memory/memory-store.ts',
      'sync/client/client.ts → sync/server/log.ts',
      'sync/server/log.ts → store/memory/memory-store.ts',
    ]);
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
