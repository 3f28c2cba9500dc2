// Prints vitest's totals as one plain line ("N passed, N failed, N skipped") for CI logs.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(new URL('../test-results/vitest.json', import.meta.url), 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
