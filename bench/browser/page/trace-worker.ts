/**
 * The RecallKit worker of the bench page with step marks (`trace-hooks.ts`, imported first so
 * its hooks are in place before the worker's modules run): where an add's time and a start's go.
 * @module
 */
import { traceMarks } from './trace-hooks.js';
import { createWorkerApi } from 'recallkit/worker';

// Used, so the bundler keeps both modules (the package declares no side effects), with the
// hooks and the `Comlink.expose` their bodies run.
Object.assign(globalThis, { recallkitWorkerApi: createWorkerApi, recallkitTraceMarks: traceMarks });
