/**
 * What this thread has loaded for token counting, counted where it is loaded: read by
 * `tiktokenStatus()` (diagnostics, and tests of laziness).
 * @module
 */

/** Load counters, mutated by `tiktoken.ts` (rank files) and `tiktoken-wasm.ts` (the WASM). */
export const loads = { wasm: 0, ranks: 0 };
