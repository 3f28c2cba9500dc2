/**
 * Schema version 5: the tenant stored as plain text in every table (it was JSON-quoted, so
 * `WHERE tenant = 'alice'` found nothing). Tenants holding NUL or a lone surrogate, which
 * PostgreSQL text cannot hold and RecallKit now refuses, are left as they were.
 * @module
 */
import type { Migration } from './migration.js';

/** Every table with a `tenant` column (the store's and the sync log's). */
export const TENANT_TABLES = [
  'recallkit_sessions',
  'recallkit_entries',
  'recallkit_summaries',
  'recallkit_aux',
  'recallkit_sync_tenants',
  'recallkit_sync_ops',
  'recallkit_sync_rejected',
  'recallkit_sync_entries',
  'recallkit_sync_summaries',
  'recallkit_sync_sessions',
] as const;

/** A JSON `\u0000` or `\uD800`–`\uDFFF` escape (not itself an escaped backslash). */
const UNDECODABLE = String.raw`(^|[^\\])(\\\\)*\\u(0000|[dD][89a-fA-F])`;

/** The tenant columns decoded from JSON to plain text. */
export const TENANT_MIGRATION: Migration = {
  version: 5,
  description: 'tenant as plain text in every table (was JSON-quoted)',
  statements: TENANT_TABLES.map(
    (table) =>
      `UPDATE ${table} SET tenant = (tenant::json #>> '{}') ` +
      `WHERE tenant LIKE '"%"' AND tenant !~ '${UNDECODABLE}'`,
  ),
};
