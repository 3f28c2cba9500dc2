// `npm test`: the typecheck, lint and build (side by side: none needs another), then every vitest
// project. Every step runs even when one before it failed, the summary is always printed last,
// and the exit code is 1 when any step or test failed. Arguments go to vitest
// (`npm test -- --project node`).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPORT = `${ROOT}test-results/vitest.json`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Run a command; with `capture`, its output is held and printed in one piece when it ends. */
function run(name, command, args, capture) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (capture) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code, signal) => {
      if (capture) process.stdout.write(`\n── ${name} ──\n${output}`);
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

const duration = (s) =>
  s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(0)}s`;
const began = Date.now();

const checks = await Promise.all([
  run('typecheck', npm, ['run', 'typecheck'], true),
  run('lint', npm, ['run', 'lint'], true),
  run('build', npm, ['run', 'build'], true),
]);
rmSync(REPORT, { force: true }); // a report left from an earlier run must not be read as this one's
const vitestArgs = ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'];
const tests = await run(
  'vitest',
  process.execPath,
  [`${ROOT}node_modules/vitest/vitest.mjs`, ...vitestArgs, ...process.argv.slice(2)],
  false,
);

const summary = [];
const details = [];
let failed = false;
for (const step of [...checks, tests]) {
  let ok = step.code === 0;
  let detail = '';
  if (step === tests) {
    if (existsSync(REPORT)) {
      const report = JSON.parse(readFileSync(REPORT, 'utf8'));
      const skipped = report.numPendingTests + report.numTodoTests;
      const broken = report.testResults.filter(
        (f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed'),
      );
      detail = `: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`;
      if (broken.length) detail += `, ${broken.length} file(s) could not run`;
      if (report.numTotalTests === 0) ok = false;
      for (const file of report.testResults) {
        const path = file.name.replace(ROOT, '');
        for (const a of file.assertionResults) if (a.status === 'failed') details.push(`  ✗ ${path} > ${a.fullName}`);
        if (broken.includes(file)) details.push(`  ✗ ${path}: ${(file.message || 'failed').split('\n')[0]}`);
      }
      const took = (f) => (f.endTime - f.startTime) / 1000;
      const slowest = [...report.testResults].sort((a, b) => took(b) - took(a)).slice(0, 5);
      details.push(
        `  slowest files: ${slowest.map((f) => `${f.name.replace(ROOT, '')} ${duration(took(f))}`).join(', ')}`,
      );
    } else {
      detail = ': no report (vitest did not finish)';
      ok = false;
    }
  }
  failed ||= !ok;
  summary.push(`  ${ok ? 'ok    ' : 'FAILED'}  ${step.name.padEnd(9)} ${duration(step.seconds).padStart(6)}${detail}`);
}
console.log(`\nnpm test: ${failed ? 'FAILED' : 'passed'} in ${duration((Date.now() - began) / 1000)}`);
for (const line of [...summary, ...details]) console.log(line);
process.exit(failed ? 1 : 0);
