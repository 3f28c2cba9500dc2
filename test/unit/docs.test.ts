/**
 * The README is a short front door and the guides in docs/ stay reachable from it: the README
 * fits in 400 lines, says how to install, every relative link of the README and the guides
 * names a file (and heading) that exists, and the entry-points tables list every export of
 * every entry in package.json `exports`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');
const pages = [
  README,
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f)),
];

/** Markdown without its fenced code blocks and inline code, where `[a](b)` is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every relative link `[text](target)` of a page: the target file and its `#anchor`, if any. */
function relativeLinks(file: string): { target: string; anchor: string | undefined }[] {
  const links: { target: string; anchor: string | undefined }[] = [];
  for (const m of prose(readFileSync(file, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const href = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:
    const [path = '', anchor] = href.split('#');
    links.push({ target: path === '' ? file : resolve(dirname(file), path), anchor });
  }
  return links;
}

/** The names an entry file exports, runtime values and types apart (read from its syntax). */
function exportsOf(file: string): { values: string[]; types: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const values: string[] = [];
  const types: string[] = [];
  const modifiers = (node: ts.Node) => (ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      // verbatimModuleSyntax: a re-exported type is always marked `type`.
      for (const spec of statement.exportClause.elements)
        (statement.isTypeOnly || spec.isTypeOnly ? types : values).push(spec.name.text);
      continue;
    }
    if (!modifiers(statement).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) types.push(statement.name.text);
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      values.push(statement.name.text);
    else if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) values.push(d.name.text);
  }
  return { values, types };
}

/** package.json `exports`: import specifier → its TypeScript source. */
function entries(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types: string }>;
  };
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(pkg.exports)) {
    if (typeof value === 'string') continue; // ./package.json
    out.set(`recallkit${key.slice(1)}`, join(ROOT, value.types.replace('./dist/', 'src/').replace(/\.d\.ts$/, '.ts')));
  }
  return out;
}

/** The text of the row of `table` (a Markdown table or a `## \`import\`` section) for `specifier`. */
function section(markdown: string, specifier: string): string {
  const heading = markdown.split(/^## /m).find((part) => part.startsWith(`\`${specifier}\`\n`));
  if (heading) return heading;
  return markdown.split('\n').find((line) => line.startsWith(`| \`${specifier}\` |`)) ?? '';
}

describe('the README', () => {
  const text = readFileSync(README, 'utf8');

  it('is a front door: at most 400 lines, with the install command and links to at least 4 guides', () => {
    expect(text.split('\n').length).toBeLessThanOrEqual(400);
    expect(text).toContain('npm install recallkit');
    const guides = new Set(
      relativeLinks(README)
        .map((l) => relative(ROOT, l.target))
        .filter((p) => p.startsWith('docs/')),
    );
    expect(guides.size).toBeGreaterThanOrEqual(4);
  });

  it('uses the names of the documented systems only where it points to the guide that explains them', () => {
    const compatibility = readFileSync(join(DOCS, 'compatibility.md'), 'utf8');
    for (const name of ['Alquimia', 'Hector', 'Memory Manager', 'the seed', '21 × 3']) {
      expect(compatibility, name).toContain(name);
      for (const paragraph of prose(text).split(/\n\s*\n/)) {
        if (paragraph.includes(name))
          expect(paragraph, `README paragraph naming ${name}`).toContain('compatibility.md');
      }
    }
  });
});

describe('links between the README and the guides', () => {
  it.each(pages.map((p) => [relative(ROOT, p), p]))('every relative link of %s resolves', (_, page) => {
    const broken: string[] = [];
    for (const { target, anchor } of relativeLinks(page)) {
      if (!existsSync(target)) broken.push(`${relative(ROOT, target)} (missing file)`);
      else if (anchor && target.endsWith('.md') && !anchors(target).has(anchor))
        broken.push(`${relative(ROOT, target)}#${anchor} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });
});

describe('the entry-points tables', () => {
  const readme = readFileSync(README, 'utf8');
  const full = readFileSync(join(DOCS, 'entry-points.md'), 'utf8');

  it.each([...entries()])('list every export of %s', (specifier, file) => {
    const { values, types } = exportsOf(file);
    expect(values.length + types.length).toBeGreaterThan(0);
    const listed = (markdown: string) => {
      const row = section(markdown, specifier);
      return (name: string) => row.includes(`\`${name}\``);
    };
    const inDocs = listed(full);
    const inReadme = listed(readme);
    expect(
      [...values, ...types].filter((n) => !inDocs(n)),
      'missing from docs/entry-points.md',
    ).toEqual([]);
    const readmeNames = specifier === 'recallkit/postgres' ? [...values, ...types] : values;
    expect(
      readmeNames.filter((n) => !inReadme(n)),
      "missing from the README's table",
    ).toEqual([]);
  });
});
