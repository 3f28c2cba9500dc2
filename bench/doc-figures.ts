/**
 * `npm run docs:figures`: pack the library (`npm pack`, as published), install it in the
 * fixture Vite app and `vite build` it, then write the figures the docs state about them
 * (bench/lib/doc-figures.ts) into the README and docs/, and print them.
 * @module
 */
import { buildUserApp, createUserApp, packLibrary } from './browser/user-app.js';
import { bundleFigures, packFigures, writeFigures } from './lib/doc-figures.js';

const pkg = await packLibrary();
const app = createUserApp(pkg);
try {
  const figures = { ...packFigures(pkg), ...bundleFigures(await buildUserApp(app.root)) };
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(18)} ${value}`);
  const changed = writeFigures(figures);
  console.log(changed.length ? `written into ${changed.join(', ')}` : 'the docs already say so');
} finally {
  app.remove();
  pkg.remove();
}
