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
  return () => cluster.stop();
}
