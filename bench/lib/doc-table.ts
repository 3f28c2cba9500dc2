/**
 * The benches write the tables the docs show, so the figures there cannot drift from what the
 * code measures: each table lives in `docs/performance.md` between `<!-- bench:NAME -->` and
 * `<!-- /bench:NAME -->`, stamped with the date, the machine and the command that made it.
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineHeader } from './machine.js';

/** The guide that holds the generated performance tables. */
export const PERFORMANCE_DOC = join(fileURLToPath(new URL('../../', import.meta.url)), 'docs/performance.md');

/** A region name: letters, digits, `-`, `_` and `.`, so it cannot close another region's marker. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The start and end markers of region `name`. */
export function docMarkers(name: string): { start: string; end: string } {
  if (!NAME.test(name))
    throw new Error(`writeDocTable: name must match ${String(NAME)}, received ${JSON.stringify(name)}`);
  return { start: `<!-- bench:${name} -->`, end: `<!-- /bench:${name} -->` };
}

/** Options of {@link writeDocTable}. */
export interface DocTableOptions {
  /** The command that reproduces the table, shown in its stamp. @default `npm run bench -- NAME` */
  command?: string;
  /** The time of the run. @default now */
  date?: Date;
}

/**
 * Replace region `name` of `file` with `markdown`, stamped with the date, the machine (CPU,
 * cores, RAM, Node, package versions) and the command. A file without the region gets it
 * appended under a `## name` heading; a missing file is created. `RECALLKIT_BENCH_DOCS=0`
 * turns writing off (a trial run that must not touch the docs).
 * @example
 * writeDocTable(PERFORMANCE_DOC, 'context', await runContextBench(), { command: 'npm run bench -- context' });
 */
export function writeDocTable(file: string, name: string, markdown: string, options: DocTableOptions = {}): void {
  const { start, end } = docMarkers(name);
  if (process.env['RECALLKIT_BENCH_DOCS'] === '0') return;
  const date = (options.date ?? new Date()).toISOString().slice(0, 16).replace('T', ' ');
  const command = options.command ?? `npm run bench -- ${name}`;
  const load = loadavg()[0] ?? 0; // 0 where the platform has none (Windows)
  const region = [
    start,
    `_Written by \`${command}\` on ${date} UTC, load average ${load.toFixed(1)}._`,
    machineHeader(),
    '',
    demoteHeadings(markdown.replace(machineHeader(), '').trim()), // the stamp names the machine once
    end,
  ].join('\n');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  writeFileSync(file, replaceRegion(text, name, region));
}

/** Headings two levels down, so a bench's `## Table` sits under the guide's own `## Section`. */
export function demoteHeadings(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^(```|~~~)/.test(line)) fenced = !fenced;
      return !fenced && /^#{1,4} /.test(line) ? `##${line}` : line;
    })
    .join('\n');
}

/** `text` with region `name` replaced by `region` (markers included), or `region` appended. */
export function replaceRegion(text: string, name: string, region: string): string {
  const { start, end } = docMarkers(name);
  const from = text.indexOf(start);
  const to = from < 0 ? -1 : text.indexOf(end, from);
  if (from >= 0 && to >= 0) return text.slice(0, from) + region + text.slice(to + end.length);
  return `${text.trimEnd()}\n\n## ${name}\n\n${region}\n`;
}

/** What is printed from now on, kept: `stop()` restores `console.log` and returns the text. */
export function recordPrinted(): { stop(): string } {
  const printed: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
    log(...args);
  };
  return {
    stop: () => {
      console.log = log;
      return printed.join('\n');
    },
  };
}

/**
 * Run `fn` while keeping a copy of what it prints with `console.log` (it still prints), for the
 * benches that print their tables instead of returning them.
 */
export async function capturePrinted(fn: () => Promise<unknown>): Promise<string> {
  const recording = recordPrinted();
  try {
    await fn();
  } catch (error) {
    recording.stop();
    throw error;
  }
  return recording.stop();
}
