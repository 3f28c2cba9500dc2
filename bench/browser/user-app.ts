/**
 * A Vite app as a user has it: RecallKit installed in its `node_modules` the way npm lays it
 * out (package.json + the built `dist/`, dependencies beside it), so package `exports`, the
 * worker entry and the lazy WASM are resolved exactly as in a real install. Shared by the
 * e2e test (test/e2e/vite-app.test.ts) and the browser benchmark (bundle sizes).
 * @module
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

/** The repository root. */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The fixture app (index.html + main.js: the README code; explicit.html: the `?worker` form;
 * webllm.html: the README's WebLLM-or-heuristic summarizer choice).
 */
export const FIXTURE = join(REPO, 'test/e2e/fixtures/vite-app');

/**
 * Build the library as `npm run build` does (`tsc -p tsconfig.build.json`), into `outDir`
 * rather than the shared `dist/`, which other work in this checkout may be reading.
 */
export async function buildLibrary(outDir: string): Promise<void> {
  const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
  const { output } = await run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir], REPO);
  await run(process.execPath, [join(REPO, 'scripts/copy-ranks.mjs'), outDir], REPO);
  for (const file of [
    'index.js',
    'index.d.ts',
    'worker/worker.js',
    'worker/client.js',
    'tokens/ranks/o200k_base.ranks',
  ]) {
    if (!existsSync(join(outDir, file)))
      throw new Error(`library build did not write ${file}:\n${output.slice(-3000)}`);
  }
}

/** The packed library: what `npm pack` shipped, unpacked as npm installs it. */
export interface PackedLibrary {
  /** The unpacked package (`package/` of the tarball). */
  dir: string;
  /** The tarball's file list, as `npm pack --json` reports it. */
  files: string[];
  /** The tarball's size and the unpacked size, in bytes (`npm pack --json`). */
  size: number;
  unpackedSize: number;
  remove(): void;
}

/** What a source checkout needs for `npm pack` to build and pack (its `prepack` script runs the build). */
const PACK_SOURCES = [
  'package.json',
  'README.md',
  'LICENSE',
  'tsconfig.json',
  'tsconfig.build.json',
  'src',
  'scripts/bundle-server.mjs',
  'scripts/copy-ranks.mjs',
];

/** `npm pack --json`'s report of the tarball. */
interface PackReport {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

/** Where packed tarballs are kept, one folder per content hash of {@link PACK_SOURCES}. */
const PACK_CACHE = join(REPO, 'node_modules/.cache/recallkit-pack');

/**
 * A hash of the files under `paths` (relative to the repository; folders recursively, except
 * those named in `skip`): what a build made from them is kept under.
 */
export function contentKey(paths: readonly string[], skip: readonly string[] = []): string {
  const hash = createHash('sha256');
  const add = (path: string): void => {
    if (skip.includes(path)) return;
    const full = join(REPO, path);
    if (statSync(full).isDirectory()) for (const name of readdirSync(full).sort()) add(join(path, name));
    else hash.update(`${path}\u0000`).update(readFileSync(full)).update('\u0000');
  };
  for (const path of paths) add(path);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Pack the library exactly as `npm pack` or `npm publish` does: the sources are copied to a
 * temporary checkout (the shared `dist/` of this one is left alone), `npm pack` runs the
 * package's own lifecycle (`prepack` → `npm run build`), and the tarball is unpacked. Refuses a
 * tarball without the built entry points, so an empty package cannot pass for a real one.
 * The tarball is kept (`node_modules/.cache/recallkit-pack`) by the hash of its sources: the
 * test files and scripts of one run that need the package pack it once.
 */
export async function packLibrary(): Promise<PackedLibrary> {
  const key = contentKey([...PACK_SOURCES, 'package-lock.json']);
  const cached = join(PACK_CACHE, key);
  if (!existsSync(join(cached, 'report.json'))) await packInto(cached);
  const report = JSON.parse(readFileSync(join(cached, 'report.json'), 'utf8')) as PackReport;
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-package-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const files = report.files.map((f) => f.path);
    await run('tar', ['-xzf', join(cached, report.filename), '-C', dir], dir);
    const unpacked = join(dir, 'package');
    for (const file of [
      'package.json',
      'LICENSE',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/worker/worker.js',
      'dist/worker/client.js',
      'dist/tokens/ranks/o200k_base.ranks',
      'dist/tokens/ranks/cl100k_base.ranks',
    ]) {
      if (!existsSync(join(unpacked, file)))
        throw new Error(`npm pack shipped no ${file} (files: ${files.join(', ')})`);
    }
    return { dir: unpacked, files, size: report.size, unpackedSize: report.unpackedSize, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Run `npm pack` on a copy of the sources; keep the tarball and its report in `cached`. */
async function packInto(cached: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-package-'));
  try {
    const checkout = join(dir, 'checkout');
    for (const path of PACK_SOURCES) cpSync(join(REPO, path), join(checkout, path), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(checkout, 'node_modules'), 'dir');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { code, output, stdout } = await run(
      npm,
      ['pack', '--json', '--ignore-scripts=false', '--pack-destination', dir],
      checkout,
    );
    // The lifecycle scripts print to stdout too; the report is the array that starts a line.
    const start = stdout.startsWith('[') ? 0 : stdout.lastIndexOf('\n[') + 1;
    const json = stdout.slice(start);
    if (code !== 0 || !json.startsWith('[')) throw new Error(`npm pack failed (exit ${code}):\n${output.slice(-3000)}`);
    const [report] = JSON.parse(json) as PackReport[];
    // Older packs are of other sources.
    mkdirSync(PACK_CACHE, { recursive: true });
    for (const name of readdirSync(PACK_CACHE))
      if (/^[0-9a-f]{16}$/.test(name) && join(PACK_CACHE, name) !== cached)
        rmSync(join(PACK_CACHE, name), { recursive: true, force: true });
    // Written aside, then renamed into place: a folder in the cache is always whole.
    const staged = mkdtempSync(join(PACK_CACHE, 'staging-'));
    try {
      cpSync(join(dir, report!.filename), join(staged, report!.filename));
      writeFileSync(join(staged, 'report.json'), JSON.stringify(report));
      renameSync(staged, cached);
    } catch (error) {
      rmSync(staged, { recursive: true, force: true });
      if (!existsSync(join(cached, 'report.json'))) throw error; // else: packed at the same time elsewhere
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A user's app directory with RecallKit installed; `remove()` deletes it. */
export interface UserApp {
  root: string;
  remove(): void;
}

/**
 * What the fixture app installs beside RecallKit: `@mlc-ai/web-llm`, the optional peer
 * dependency its WebLLM page (webllm.js) needs, as the README tells a WebLLM user to install it.
 */
const APP_DEPENDENCIES = ['@mlc-ai/web-llm'];

/**
 * Copy the fixture to a temporary directory and install the packed library into its
 * `node_modules` with copies of its declared dependencies and the app's own
 * ({@link APP_DEPENDENCIES}), and nothing else (copies, not links: Vite must find them inside
 * the app, as after `npm install`).
 */
export function createUserApp(pkg: PackedLibrary): UserApp {
  const root = mkdtempSync(join(tmpdir(), 'recallkit-vite-app-'));
  cpSync(FIXTURE, root, { recursive: true });
  cpSync(pkg.dir, join(root, 'node_modules/recallkit'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dep of [...Object.keys(manifest.dependencies ?? {}), ...APP_DEPENDENCIES]) {
    cpSync(join(REPO, 'node_modules', dep), join(root, 'node_modules', dep), { recursive: true, dereference: true });
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** One emitted file and its size. */
export interface BundleFile {
  file: string;
  kind: 'main' | 'worker' | 'wasm' | 'ranks' | 'other';
  bytes: number;
  gzip: number;
}

/** What `vite build` made of the app. */
export interface AppBuild {
  outDir: string;
  /** The page chunks (not the worker) with the modules each holds and the chunks each imports statically. */
  chunks: { fileName: string; isEntry: boolean; moduleIds: string[]; imports: string[] }[];
  files: BundleFile[];
}

/**
 * `vite build` the app with no Vite config at all (only the two pages as inputs), or with the
 * one optional setting the README suggests: `worker: { format: 'es' }`.
 */
export async function buildUserApp(
  root: string,
  options: { workerFormat?: 'es'; outDir?: string } = {},
): Promise<AppBuild> {
  const outDir = join(root, options.outDir ?? 'dist');
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    ...(options.workerFormat ? { worker: { format: options.workerFormat } } : {}),
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        input: {
          main: join(root, 'index.html'),
          explicit: join(root, 'explicit.html'),
          webllm: join(root, 'webllm.html'),
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = outputs
    .flatMap((o) => o.output)
    .filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
    .map((c) => ({ fileName: c.fileName, isEntry: c.isEntry, moduleIds: [...c.moduleIds], imports: [...c.imports] }));
  const main = new Set(pageChunksOf(chunks, 'main.js').map((c) => c.fileName));
  const files = listFiles(join(outDir, 'assets')).map((file): BundleFile => {
    const bytes = readFileSync(file);
    const name = basename(file);
    const kind: BundleFile['kind'] = name.endsWith('.wasm')
      ? 'wasm'
      : /o200k|cl100k/.test(name)
        ? 'ranks'
        : /^worker/.test(name)
          ? 'worker'
          : [...main].some((name) => file.endsWith(name))
            ? 'main'
            : 'other';
    return { file: `assets/${name}`, kind, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { outDir, chunks, files };
}

/** The chunks a page entry (`main.js`, `explicit.js`) loads before it runs: the entry and its static imports. */
export function pageChunksOf(chunks: AppBuild['chunks'], entry: string): AppBuild['chunks'] {
  const start = chunks.find((c) => c.isEntry && c.moduleIds.some((id) => id.endsWith(`/${entry}`)));
  const seen = new Map<string, AppBuild['chunks'][number]>();
  const visit = (chunk: AppBuild['chunks'][number] | undefined): void => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) visit(chunks.find((c) => c.fileName === name));
  };
  visit(start);
  return [...seen.values()];
}

/** A plain-text table of the built files. */
export function bundleTable(files: BundleFile[]): string {
  const rows = [...files].sort((a, b) => a.kind.localeCompare(b.kind) || b.bytes - a.bytes);
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
  const lines = rows.map(
    (f) => `| ${f.kind.padEnd(6)} | ${f.file.padEnd(40)} | ${kb(f.bytes).padStart(11)} | ${kb(f.gzip).padStart(11)} |`,
  );
  return [
    '| kind   | file                                     |       bytes |     gzip -9 |',
    '|---|---|---:|---:|',
    ...lines,
  ].join('\n');
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function run(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ code: number | null; output: string; stdout: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    // tsc exits non-zero on type errors but still emits; the caller checks the files.
    child.on('close', (code) => resolvePromise({ code, output, stdout }));
  });
}
