/**
 * Figures the docs state about the build (the tarball's size and file count, the worker's
 * gzip size, the rank files' sizes, web-llm's chunk) live in the prose between
 * `<!-- figure:NAME -->` and `<!-- /figure:NAME -->`. `npm run docs:figures`
 * (bench/doc-figures.ts) writes them from a real `npm pack` and a Vite app's `vite build`, and
 * the tests that make those builds (test/e2e/package.test.ts, test/e2e/vite-app.test.ts) fail
 * when a page says otherwise: as the bench tables (doc-table.ts), they cannot drift.
 * @module
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppBuild, BundleFile, PackedLibrary } from '../browser/user-app.js';
import { REPO } from '../browser/user-app.js';

/** The figures of the tarball (`npm pack`). */
export const PACK_FIGURES = ['pack-size', 'pack-unpacked', 'pack-files', 'pack-ranks'] as const;
/** The figures of a Vite app's build with the package installed. */
export const BUNDLE_FIGURES = ['worker-gzip', 'ranks-o200k', 'ranks-cl100k', 'webllm-chunk'] as const;
/** A figure's name, as in its markers. */
export type FigureName = (typeof PACK_FIGURES)[number] | (typeof BUNDLE_FIGURES)[number];

/** A string found in web-llm's code only: it marks the chunk that holds it. */
export const WEBLLM_MARKER = 'mlc-chat-config.json';

/** Megabytes as npm prints them (10^6 bytes), one decimal. */
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
const kib = (bytes: number): string => `${Math.round(bytes / 1024)} KiB`;
const mib = (bytes: number, digits = 1): string => `${(bytes / 1024 / 1024).toFixed(digits)} MiB`;

/** Every file under `dir`, with its path relative to `root`. */
function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(root, path) : [path.slice(root.length + 1)];
  });
}

/** The tarball's figures: sizes as `npm pack` reports them, files to the nearest ten (`about …`). */
export function packFigures(pkg: PackedLibrary): Record<(typeof PACK_FIGURES)[number], string> {
  const ranks = filesUnder(pkg.dir)
    .filter((f) => /(^|\/)tokens\/ranks\//.test(f))
    .reduce((sum, f) => sum + statSync(join(pkg.dir, f)).size, 0);
  return {
    'pack-size': mb(pkg.size),
    'pack-unpacked': mb(pkg.unpackedSize),
    'pack-files': String(Math.round(pkg.files.length / 10) * 10),
    'pack-ranks': mb(ranks),
  };
}

/** The emitted JavaScript files that hold web-llm's code. */
export function webLLMFiles(build: AppBuild): BundleFile[] {
  return build.files.filter(
    (f) => f.file.endsWith('.js') && readFileSync(join(build.outDir, f.file), 'utf8').includes(WEBLLM_MARKER),
  );
}

/** The app's figures: the worker gzipped (level 9), each rank file as served (compressed in itself), web-llm's one chunk. */
export function bundleFigures(build: AppBuild): Record<(typeof BUNDLE_FIGURES)[number], string> {
  const one = (what: string, files: BundleFile[]): BundleFile => {
    if (files.length !== 1) throw new Error(`expected one ${what} in the build, found ${files.length}`);
    return files[0]!;
  };
  const worker = one(
    'worker',
    build.files.filter((f) => f.kind === 'worker'),
  );
  const rank = (encoding: string): BundleFile =>
    one(
      `${encoding} rank file`,
      build.files.filter((f) => f.kind === 'ranks' && f.file.includes(encoding)),
    );
  return {
    'worker-gzip': kib(worker.gzip),
    'ranks-o200k': mib(rank('o200k').bytes, 2),
    'ranks-cl100k': mib(rank('cl100k').bytes, 2),
    'webllm-chunk': mib(one('web-llm chunk', webLLMFiles(build)).bytes),
  };
}

/** The README and every page of docs/, relative to the repository. */
function pages(): string[] {
  const docs = readdirSync(join(REPO, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs.sort()];
}

const REGION = /<!-- figure:([a-z0-9-]+) -->([\s\S]*?)<!-- \/figure:\1 -->/g;

/** Every figure region of the docs: where it is, its name and what it says. */
export function figuresInDocs(): { page: string; name: string; text: string }[] {
  return pages().flatMap((page) =>
    [...readFileSync(join(REPO, page), 'utf8').matchAll(REGION)].map((m) => ({ page, name: m[1]!, text: m[2]! })),
  );
}

/**
 * Where the docs disagree with `figures` (`page: name says "…", the build: "…"`), and the
 * figures no page states; empty when every region holds its figure.
 */
export function figureMismatches(figures: Partial<Record<FigureName, string>>): string[] {
  const found = figuresInDocs();
  const out: string[] = [];
  for (const { page, name, text } of found) {
    const value = figures[name as FigureName];
    if (value !== undefined && value !== text)
      out.push(`${page}: ${name} says "${text}", the build: "${value}" (npm run docs:figures writes it)`);
  }
  for (const name of Object.keys(figures)) if (!found.some((f) => f.name === name)) out.push(`no page states ${name}`);
  return out;
}

/** Write `figures` into every region naming them; returns the pages changed. */
export function writeFigures(figures: Partial<Record<FigureName, string>>): string[] {
  const changed: string[] = [];
  for (const page of pages()) {
    const file = join(REPO, page);
    const text = readFileSync(file, 'utf8');
    const next = text.replace(REGION, (region, name: string) => {
      const value = figures[name as FigureName];
      return value === undefined ? region : `<!-- figure:${name} -->${value}<!-- /figure:${name} -->`;
    });
    if (next !== text) {
      writeFileSync(file, next);
      changed.push(page);
    }
  }
  return changed;
}
