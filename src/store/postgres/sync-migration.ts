/**
 * Schema version 3: the sync op log and the state its rules need (docs/sync.md). Ids are stored
 * JSON-encoded like the store's (`codec.ts`; the tenant plain since version 5); a tenant's seqs
 * are handed out from its row in `recallkit_sync_tenants`, locked for the length of a push, so
 * commit order equals seq order.
 * @module
 */
import type { Migration } from './migration.js';

const C = 'COLLATE "C" NOT NULL';

/** The sync tables. */
export const SYNC_MIGRATION: Migration = {
  version: 3,
  description: 'sync: per-tenant op log with server seqs, idempotency by op id, tombstones and compaction state',
  statements: [
    `CREATE TABLE recallkit_sync_tenants (tenant text ${C} PRIMARY KEY, last_seq bigint NOT NULL)`,
    `CREATE TABLE recallkit_sync_ops (
      tenant text ${C}, seq bigint NOT NULL, session_id text ${C}, op_id text ${C}, kind text NOT NULL,
      device_id text NOT NULL, op text NOT NULL,
      PRIMARY KEY (tenant, seq), UNIQUE (tenant, session_id, op_id))`,
    `CREATE TABLE recallkit_sync_rejected (
      tenant text ${C}, session_id text ${C}, op_id text ${C}, kind text NOT NULL, reason text NOT NULL,
      PRIMARY KEY (tenant, session_id, op_id))`,
    `CREATE TABLE recallkit_sync_entries (
      tenant text ${C}, session_id text ${C}, entry_id text ${C},
      entry_seq bigint, erased_seq bigint, compacted_seq bigint,
      PRIMARY KEY (tenant, session_id, entry_id))`,
    `CREATE TABLE recallkit_sync_summaries (
      tenant text ${C}, session_id text ${C}, summary_id text ${C}, seq bigint NOT NULL, dropped_seq bigint,
      PRIMARY KEY (tenant, session_id, summary_id))`,
    `CREATE TABLE recallkit_sync_sessions (
      tenant text ${C}, session_id text ${C}, cleared_seq bigint NOT NULL,
      PRIMARY KEY (tenant, session_id))`,
  ],
};
