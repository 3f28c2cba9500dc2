// `npm run support-table`: the per-engine support table of docs/browser-support.md, from what the
// browser suite's test/browser/engine-support.test.ts recorded in test-results/engines/<engine>.json
// (run `RECALLKIT_ENGINES=chromium,firefox,webkit npx vitest run --project 'browser*'
// test/browser/engine-support.test.ts` first), and the Debian package versions of the engines.
// It rewrites the region between `<!-- support-table -->` and `<!-- /support-table -->`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = `${ROOT}docs/browser-support.md`;
const ENGINES = [
  ['chromium', 'Chromium', 'chromium'],
  ['firefox', 'Firefox ESR', 'firefox-esr'],
  ['webkit', "WebKitGTK (MiniBrowser, Safari's storage features on)", 'libwebkit2gtk-4.1-0'],
];

function packageVersion(pkg) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f', '${Version}', pkg], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const yes = (v) => (v === true ? 'yes' : 'no');
const runs = ENGINES.flatMap(([id, name, pkg]) => {
  const file = `${ROOT}test-results/engines/${id}.json`;
  if (!existsSync(file)) return [];
  return [{ id, name, version: packageVersion(pkg), ...JSON.parse(readFileSync(file, 'utf8')) }];
});
if (runs.length === 0) {
  console.error('support-table: no test-results/engines/*.json: run test/browser/engine-support.test.ts first');
  process.exit(1);
}

const rows = [
  ['module workers', (r) => yes(r.features.moduleWorkers)],
  ['IndexedDB (page and worker)', (r) => yes(r.features.indexedDB)],
  ['OPFS (`getDirectory` in a worker)', (r) => yes(r.features.opfs)],
  [
    'OPFS synchronous access handles',
    (r) => (r.features.opfsSyncHandles === true ? 'yes' : `no (${r.features.opfsSyncHandles})`),
  ],
  ['Web Locks', (r) => yes(r.features.webLocks)],
  ['BroadcastChannel', (r) => yes(r.features.broadcastChannel)],
  ['`storage.estimate()`', (r) => yes(r.features.storageEstimate)],
  ['`storage.persist()`', (r) => yes(r.features.storagePersist)],
  [
    '`persist: true` got',
    (r) =>
      r.estimate ? (r.estimate.persisted ? 'persistent' : 'best-effort (refused)') : 'not asked (no Storage API)',
  ],
  [
    'crash journal (`storageState().durability`)',
    (r) =>
      r.storageState.durability === 'journal'
        ? `journal (writes ${r.storageState.journalWrites ?? 'awaited'})`
        : `none: ${r.storageState.journalUnavailable}`,
  ],
];

const header = `| feature | ${runs.map((r) => `${r.name} ${r.version}`).join(' | ')} |`;
const rule = `| --- | ${runs.map(() => '---').join(' | ')} |`;
const body = rows.map(([label, cell]) => `| ${label} | ${runs.map((r) => cell(r)).join(' | ')} |`);
const region = [
  '<!-- support-table -->',
  `_Written by \`npm run support-table\` on ${new Date().toISOString().slice(0, 10)} from the browser suite's run (test/browser/engine-support.test.ts)._`,
  '',
  header,
  rule,
  ...body,
  '<!-- /support-table -->',
].join('\n');

const text = readFileSync(DOC, 'utf8');
const start = text.indexOf('<!-- support-table -->');
const end = text.indexOf('<!-- /support-table -->');
if (start < 0 || end < 0) {
  console.error(`support-table: ${DOC} has no <!-- support-table --> region`);
  process.exit(1);
}
writeFileSync(DOC, text.slice(0, start) + region + text.slice(end + '<!-- /support-table -->'.length));
console.log(region);
