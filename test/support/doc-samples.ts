/**
 * The TypeScript samples of the README and docs/, compiled as a user's strict project would
 * compile them: every ```ts block becomes a module of its own, `recallkit` resolves to the
 * sources (as in tsconfig.json `paths`), everything else to the installed packages.
 *
 * A block that is a fragment says what it needs in an HTML comment right before its fence (not
 * shown on GitHub):
 *
 *     <!-- sample-prelude
 *     import type { Memory } from 'recallkit';
 *     declare const memory: Memory;
 *     -->
 *
 * is put before the block's code; `<!-- sample-file my-store.ts: export declare function … -->`
 * adds a module next to the sample (for its relative imports). Diagnostics are reported at the
 * Markdown file and line they come from.
 * @module
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** One ```ts block of a Markdown page. */
export interface DocSample {
  /** The page, relative to the root (`docs/postgres.md`). */
  file: string;
  /** 1-based line of the block's first code line in the page. */
  line: number;
  code: string;
  /** What the block needs declared (its `sample-prelude` comment), `''` when none. */
  prelude: string;
  /** Modules next to the sample, by file name (its `sample-file` comments). */
  files: Map<string, string>;
  /** The sample imports `ai` or `recallkit/ai-sdk`: it is compiled against AI SDK v5 and v6. */
  usesAISDK: boolean;
}

/** A compile error, where the reader of the docs would look for it. */
export interface SampleError {
  /** `docs/postgres.md:57:3`, or `… (sample-prelude)` for an error in the declared prelude. */
  where: string;
  message: string;
}

const FENCE = /^```(\w*)\s*$/;
const MARKER = /^<!--\s*sample-(prelude|file)\b([\s\S]*?)-->\s*$/;

/** The ```ts blocks of one page with their markers. */
export function extractSamples(markdown: string, file: string): DocSample[] {
  const lines = markdown.split('\n');
  const samples: DocSample[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = FENCE.exec(lines[i]!);
    if (!open) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    if (open[1] === 'ts' || open[1] === 'typescript') {
      const { prelude, files } = markersBefore(lines, i);
      const code = lines.slice(i + 1, end).join('\n');
      samples.push({
        file,
        line: i + 2,
        code,
        prelude,
        files,
        usesAISDK: /from '(ai|recallkit\/ai-sdk)'/.test(`${prelude}\n${code}`),
      });
    }
    i = end + 1;
  }
  return samples;
}

/** The `sample-*` comments that end right before the fence at `fence` (consecutive ones). */
function markersBefore(lines: string[], fence: number): { prelude: string; files: Map<string, string> } {
  const preludes: string[] = [];
  const files = new Map<string, string>();
  let end = fence - 1;
  while (end >= 0 && lines[end]!.trimEnd().endsWith('-->')) {
    let start = end;
    while (start > 0 && !lines[start]!.includes('<!--')) start--;
    const comment = MARKER.exec(lines.slice(start, end + 1).join('\n'));
    if (!comment) break;
    const body = comment[2]!;
    if (comment[1] === 'prelude') preludes.unshift(body.replace(/^:?\s*\n?/, '').trimEnd());
    else {
      const named = /^\s*([\w.-]+):\s*([\s\S]*)$/.exec(body);
      if (!named) throw new Error(`line ${start + 1}: expected <!-- sample-file name.ts: code -->`);
      files.set(named[1]!, named[2]!.trimEnd());
    }
    end = start - 1;
  }
  return { prelude: preludes.join('\n'), files };
}

/** The README and every page of docs/, relative to the root. */
export function docPages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** Every sample of the README and docs/. */
export function allSamples(): DocSample[] {
  return docPages().flatMap((page) => extractSamples(readFileSync(join(ROOT, page), 'utf8'), page));
}

/** Which AI SDK major the program resolves `ai` (and `@ai-sdk/openai`) to. */
export type AISDKMajor = 5 | 6;

/** The options of a user's strict project, and `recallkit` as in tsconfig.json `paths`. */
function compilerOptions(ai: AISDKMajor): ts.CompilerOptions {
  const rootConfig = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  const paths: Record<string, string[]> = {};
  for (const [name, targets] of Object.entries(rootConfig.compilerOptions.paths))
    paths[name] = targets.map((t) => join(ROOT, t));
  if (ai === 6) {
    // The v6 packages are installed beside v5 under aliases (package.json devDependencies).
    paths['ai'] = [join(ROOT, 'node_modules/ai-v6')];
    paths['ai/*'] = [join(ROOT, 'node_modules/ai-v6/*')];
    paths['@ai-sdk/openai'] = [join(ROOT, 'node_modules/ai-sdk-openai-v6')];
  }
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node', 'vite/client'],
    // What `tsc --strict` checks, and the two flags stricter projects add.
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    isolatedModules: true,
    resolveJsonModule: true,
    noEmit: true,
    paths,
  };
}

/** Where a sample's virtual module lives: a folder of its own, so its `sample-file`s do not collide. */
function sampleDir(sample: DocSample): string {
  return join(ROOT, '.doc-samples', `${sample.file.replace(/[^\w.-]/g, '_')}-${sample.line}`);
}

/** A cache of parsed declaration files shared by the programs of one run (lib, @types/node, …). */
const parsed = new Map<string, ts.SourceFile>();

/**
 * Compile `samples` in one program against AI SDK major `ai`; the errors of each sample, keyed
 * by `file:line` of its first code line (a sample without errors is absent).
 */
export function compileSamples(samples: readonly DocSample[], ai: AISDKMajor): Map<string, SampleError[]> {
  const options = compilerOptions(ai);
  const virtual = new Map<string, string>();
  const origin = new Map<string, { sample: DocSample; preludeLines: number }>();
  for (const sample of samples) {
    const dir = sampleDir(sample);
    const preludeLines = sample.prelude ? sample.prelude.split('\n').length : 0;
    const path = join(dir, 'sample.ts');
    virtual.set(path, `${sample.prelude ? `${sample.prelude}\n` : ''}${sample.code}\nexport {};\n`);
    origin.set(path, { sample, preludeLines });
    for (const [name, code] of sample.files) virtual.set(join(dir, name), `${code}\n`);
  }
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  const isVirtualDir = (dir: string): boolean => dir.startsWith(join(ROOT, '.doc-samples'));
  host.fileExists = (f) => virtual.has(f) || fileExists.call(host, f);
  host.readFile = (f) => virtual.get(f) ?? readFile.call(host, f);
  host.directoryExists = (d) => isVirtualDir(d) || (directoryExists?.call(host, d) ?? ts.sys.directoryExists(d));
  host.getSourceFile = (f, language, onError, create) => {
    const text = virtual.get(f);
    if (text !== undefined) return ts.createSourceFile(f, text, language, true);
    // Declaration files are the same in every program of a run: parse them once.
    if (!f.endsWith('.d.ts')) return getSourceFile.call(host, f, language, onError, create);
    const key = `${f}\u0000${JSON.stringify(language)}`;
    let file = parsed.get(key);
    if (!file) {
      file = getSourceFile.call(host, f, language, onError, create);
      if (file) parsed.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram([...origin.keys()], options, host);
  const errors = new Map<string, SampleError[]>();
  const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const path of origin.keys()) {
    const source = program.getSourceFile(path);
    if (source) diagnostics.push(...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source));
  }
  for (const sample of samples) {
    for (const name of sample.files.keys()) {
      const source = program.getSourceFile(join(sampleDir(sample), name));
      if (source)
        diagnostics.push(...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source));
    }
  }
  for (const d of diagnostics) {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    const file = d.file?.fileName;
    const from = file ? origin.get(file) : undefined;
    const sampleOfFile = from?.sample ?? samples.find((s) => file?.startsWith(`${sampleDir(s)}/`));
    const key = sampleOfFile ? `${sampleOfFile.file}:${sampleOfFile.line}` : '(project)';
    let where = key;
    if (d.file && d.start !== undefined) {
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      if (from && line >= from.preludeLines)
        where = `${from.sample.file}:${from.sample.line + line - from.preludeLines}:${character + 1}`;
      else if (from) where = `${key} (sample-prelude, line ${line + 1})`;
      else where = `${sampleOfFile ? `${key} ` : ''}${relative(ROOT, d.file.fileName)}:${line + 1}:${character + 1}`;
    }
    const list = errors.get(key) ?? [];
    list.push({ where, message: `TS${d.code}: ${message}` });
    errors.set(key, list);
  }
  return errors;
}

/** `file:line message` lines, as a failing test shows them. */
export function formatErrors(errors: readonly SampleError[]): string[] {
  return errors.map((e) => `${e.where} ${e.message}`);
}
