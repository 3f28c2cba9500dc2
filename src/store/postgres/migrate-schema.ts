/**
 * `migrateSchema`: create or migrate `postgresStore`'s schema on its own, as a deploy or CI
 * step, instead of on the first store's open.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../../core/checks/validate.js';
import { SCHEMA_VERSION } from './migrations.js';
import { openMigrated, type ConnectionOptions } from './open-driver.js';
import { checkConnection } from './options.js';
import { secretsOf } from './redact.js';
import { storeFailure } from './retryable.js';

/**
 * Bring the database to this RecallKit's schema (once, under an advisory lock, however many
 * processes do it at once), then release the connection. Resolves the schema version.
 * @example
 * import { migrateSchema } from 'recallkit/postgres';
 * await migrateSchema({ connectionString: process.env.DATABASE_URL });
 */
export async function migrateSchema(options: ConnectionOptions): Promise<number> {
  if (!isPlainObject(options as unknown))
    throw new ValidationError('options', 'an object { connectionString | pool | pglite }', options);
  checkConnection(options as unknown as Record<string, unknown>, options);
  try {
    const driver = await openMigrated(options);
    await driver.close();
    return SCHEMA_VERSION;
  } catch (error) {
    throw storeFailure(
      'migrateSchema: cannot migrate',
      error,
      secretsOf((options as { connectionString?: string }).connectionString),
    );
  }
}
