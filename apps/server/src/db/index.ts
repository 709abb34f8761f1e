import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema in use, when not the default. */
  schema?: string;
  destroy(): Promise<void>;
}

// PostgreSQL returns int8 (COUNT, SUM, bigserial) as strings; every number we store fits in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * Opens the database: PostgreSQL when `config.databaseUrl` is set (optionally inside `config.databaseSchema`),
 * otherwise the SQLite file `<dataDir>/mazhu.db` (WAL mode, foreign keys on).
 */
export function openDb(config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema: config.databaseSchema, destroy: () => db.destroy() };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = new SQLite(path.join(config.dataDir, 'mazhu.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** Runs every pending migration (one versioned list for both dialects). Throws on failure. */
export async function migrate(handle: Db): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const m of migrations) {
        out[m.name] = { up: (db) => m.up(db as Kysely<unknown>, handle.dialect) };
      }
      return out;
    },
  };
  const migrator = new Migrator({ db: handle.db, provider, ...(handle.schema ? { migrationTableSchema: handle.schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Current time as the ISO-8601 UTC text every timestamp column holds. */
export const nowIso = (): string => new Date().toISOString();
