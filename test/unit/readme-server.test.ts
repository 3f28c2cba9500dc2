/**
 * The README's server quick start is the code the load and retry tests spawn
 * (test/postgres/fixtures/readme-server.ts): the two stay the same, imports aside.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe("the README's server", () => {
  it('is the fixture the tests spawn, line for line (the imports name the package there)', () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('<!-- server-quick-start'));
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    const fixture = /\/\/ README: begin\n([\s\S]*?)\/\/ README: end/.exec(
      read('test/postgres/fixtures/readme-server.ts'),
    )?.[1];
    expect(block).toBeDefined();
    expect(fixture).toBeDefined();
    const asPackage = fixture!
      .replace("'../../../src/index.js'", "'recallkit'")
      .replace("'../../../src/server/index.js'", "'recallkit/postgres'");
    expect(block).toBe(asPackage);
  });
});
