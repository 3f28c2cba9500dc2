/** Starts one throwaway PostgreSQL cluster for the postgres test project, and always removes it. */
import type { TestProject } from 'vitest/node';
import { startCluster } from './cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default function setup(project: TestProject): () => void {
  const cluster = startCluster();
  project.provide('pgUrl', cluster.url);
  // Also when the run is interrupted: never leave a server or its files behind.
  process.once('exit', () => cluster.stop());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      cluster.stop();
      process.exit(1);
    });
  }
  return () => cluster.stop();
}
