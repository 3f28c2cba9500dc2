/**
 * What the numbers were measured on: CPU, cores, Node, and the versions of the packages compared.
 * @module
 */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The packages the benchmarks compare against, and RecallKit's own tokenizer dependency. */
export const BENCH_PACKAGES = [
  '@langchain/core',
  '@llamaindex/core',
  '@dqbd/tiktoken',
  'js-tiktoken',
  'gpt-tokenizer',
  'tsx',
];

/** The installed version of `name`, read from `node_modules/<name>/package.json`. */
export function packageVersion(name: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'not installed';
  }
}

/** RecallKit's own version, from the repository's package.json. */
export function recallkitVersion(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** One Markdown paragraph naming the machine and the versions. */
export function machineHeader(): string {
  const cpu = cpus();
  const model = cpu[0]?.model.trim() ?? 'unknown CPU';
  const versions = BENCH_PACKAGES.map((p) => `${p} ${packageVersion(p)}`).join(', ');
  return [
    `Machine: ${model}, ${cpu.length} cores, ${Math.round(totalmem() / 2 ** 30)} GB RAM, ${process.platform}/${process.arch}, Node ${process.version}.`,
    `RecallKit ${recallkitVersion()} (source, run through tsx); ${versions}.`,
  ].join('\n');
}
