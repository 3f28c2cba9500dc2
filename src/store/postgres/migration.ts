/**
 * The shape of one schema step of `postgresStore` (the steps are in `migrations.ts`).
 * @module
 */

/** One schema step. */
export interface Migration {
  version: number;
  description: string;
  statements: readonly string[];
}
