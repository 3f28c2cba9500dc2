/**
 * The benches write their tables into docs/performance.md between `<!-- bench:NAME -->`
 * markers (bench/lib/doc-table.ts): a run replaces its own region and nothing else, a missing
 * region or file is created, and each table is stamped with the date and the machine.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { docMarkers, replaceRegion, writeDocTable } from '../../bench/lib/doc-table.js';
import { machineHeader } from '../../bench/lib/machine.js';

const dirs: string[] = [];
const tempFile = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-doc-table-'));
  dirs.push(dir);
  return join(dir, 'performance.md');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('writeDocTable', () => {
  it('replaces only its own region, keeping the prose and the other regions', () => {
    const file = tempFile();
    const page = [
      '# Performance',
      '',
      'Prose before.',
      '<!-- bench:context -->',
      'old context table',
      '<!-- /bench:context -->',
      'Prose between.',
      '<!-- bench:scaling -->',
      'old scaling table',
      '<!-- /bench:scaling -->',
      'Prose after.',
      '',
    ].join('\n');
    writeFileSync(file, page);
    writeDocTable(file, 'context', '| a | b |\n|---|---|\n| 1 | 2 |', {
      command: 'npm run bench -- context',
      date: new Date('2026-01-02T03:04:05Z'),
    });
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('old context table');
    expect(text).toContain('old scaling table');
    for (const prose of ['Prose before.', 'Prose between.', 'Prose after.']) expect(text).toContain(prose);
    const region = text.slice(text.indexOf('<!-- bench:context -->'), text.indexOf('<!-- /bench:context -->'));
    expect(region).toContain('| 1 | 2 |');
    expect(region).toContain('2026-01-02 03:04 UTC');
    expect(region).toContain('`npm run bench -- context`');
    expect(region).toContain(`${cpus().length} cores`);
    expect(region).toContain(`Node ${process.version}`);
    // A second run replaces the first instead of adding to it.
    writeDocTable(file, 'context', 'new table');
    const again = readFileSync(file, 'utf8');
    expect(again).not.toContain('| 1 | 2 |');
    expect(again.split('<!-- bench:context -->')).toHaveLength(2);
  });

  it('creates a missing file, and appends a missing region under a heading', () => {
    const file = tempFile();
    writeDocTable(file, 'tokens', 'tokens table');
    writeDocTable(file, 'heap', 'heap table');
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# Performance\n')).toBe(true);
    expect(text.indexOf('## tokens')).toBeLessThan(text.indexOf('## heap'));
    expect(text).toContain('tokens table');
    expect(text).toContain('heap table');
  });

  it("puts a bench's own headings under the guide's section, and names the machine once", () => {
    const file = tempFile();
    writeFileSync(file, '# Performance\n\n## Context assembly\n\n<!-- bench:context -->\n<!-- /bench:context -->\n');
    writeDocTable(file, 'context', `${machineHeader()}\n\n## Context assembly: 8,000 tokens\n\n| a |\n|---|`);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('\n#### Context assembly: 8,000 tokens\n');
    expect(text).not.toContain('\n## Context assembly: 8,000 tokens');
    expect(text.split(machineHeader())).toHaveLength(2);
    expect(text).toMatch(/load average \d+\.\d/);
  });

  it('refuses a name that could not be told apart from another region', () => {
    expect(() => docMarkers('a -->')).toThrow(/name/);
    expect(() => replaceRegion('', '', 'x')).toThrow(/name/);
  });
});
