import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider, type PostgresPool, type PostgresPoolClient, type SqliteDatabase, type SqliteStatement, type Transaction } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import { keptStatementName, namesEveryColumn } from './compiled';
import { SearchPathPostgresDialect } from './introspector';
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
 * otherwise the SQLite file `<dataDir>/mazhu.db` (WAL mode, foreign keys on). `onIdleError` hears of an idle
 * PostgreSQL connection that broke (server restart, connection killed): the pool drops it and opens a new one when
 * needed; without a listener pg would throw the error out of the process.
 */
export function openDb(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'> & { databasePool?: AppConfig['databasePool'] },
  onIdleError: (err: Error) => void = (err) => console.error(`PostgreSQL 空闲连接已断开（连接池将重新连接）：${err.message}`),
): Db {
  if (config.databaseUrl) {
    const p = config.databasePool ?? DEFAULT_POOL;
    // Every session gets a statement timeout (no request holds a connection forever), a lock timeout (a
    // transaction waiting for a row lock gives up instead of piling up) and an idle-in-transaction timeout.
    const options = [
      ...(config.databaseSchema ? [`-c search_path=${config.databaseSchema}`] : []),
      `-c statement_timeout=${p.statementTimeoutMs}`,
      `-c lock_timeout=${p.lockTimeoutMs}`,
      `-c idle_in_transaction_session_timeout=${p.statementTimeoutMs * 2}`,
    ].join(' ');
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: p.max, connectionTimeoutMillis: p.acquireTimeoutMs, options });
    pool.on('error', onIdleError);
    const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool: withKeptStatements(pool) }) });
    return { db, dialect: 'postgres', schema: config.databaseSchema, destroy: () => db.destroy() };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = new SQLite(path.join(config.dataDir, 'mazhu.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** What a connection sends and remembers, as a kept statement uses it (pg's Connection; not in its typings). */
interface WireConnection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  parse(q: { name: string; text: string; types: never[] }): void;
  bind(b: { statement: string; values: unknown[] }): void;
  describe(d: { type: 'P'; name: '' }): void;
  execute(e: { portal: '' }): void;
  sync(): void;
  sendCopyFail(msg: string): void;
}

/** The columns a kept statement returns on one connection: their names and the parser of each one's text. */
interface Described {
  names: string[];
  parsers: ((text: string) => unknown)[];
}

/** pg's conversion of a bound value to its text (Date, Buffer, array, JSON object …), as a plain query does it. */
const prepareValue = (createRequire(import.meta.url)('pg/lib/utils') as { prepareValue(v: unknown): unknown }).prepareValue;

/**
 * One run of a kept statement on a connection, as pg's client runs a query object (its `submit` and `handle…`
 * message callbacks, the interface of pg-cursor). Unlike pg's own Query it asks PostgreSQL to describe the columns
 * only on the connection's first run of the statement: the answer is kept per connection, and later runs send Bind,
 * Execute and Sync alone. A prepared statement's columns cannot change (PostgreSQL refuses to run it after a schema
 * change that would alter them), so neither side rebuilds the same description on every call.
 */
class KeptRun {
  private readonly rows: Record<string, unknown>[] = [];
  private command = '';
  private rowCount: number | null = null;
  private failure: unknown;
  private settled = false;
  private describing = false;

  constructor(
    /** Statement name and SQL text, read by pg's client when PostgreSQL confirms or refuses the Parse. */
    readonly name: string,
    readonly text: string,
    private readonly values: unknown[],
    private readonly columns: Map<string, Described>,
    private readonly typeParser: (oid: number) => (text: string) => unknown,
    private readonly done: (error: unknown, result?: { command: string; rowCount: number | null; rows: Record<string, unknown>[] }) => void,
  ) {}

  /** Writes the run's messages; a value that cannot be converted is returned (pg's client then fails the run). */
  submit(connection: WireConnection): Error | null {
    let values: unknown[];
    try {
      // Converted before anything is written, so a refused value leaves no half-sent run on the connection.
      values = this.values.map((v) => prepareValue(v));
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
    this.describing = !this.columns.has(this.name);
    connection.stream.cork();
    try {
      if (connection.parsedStatements[this.name] === undefined && connection.submittedNamedStatements[this.name] === undefined) {
        connection.parse({ name: this.name, text: this.text, types: [] });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ statement: this.name, values });
      if (this.describing) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleRowDescription(msg: { fields: { name: string; dataTypeID: number }[] }): void {
    this.columns.set(this.name, { names: msg.fields.map((f) => f.name), parsers: msg.fields.map((f) => this.typeParser(f.dataTypeID)) });
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this.failure) return;
    const d = this.columns.get(this.name);
    if (!d) {
      this.failure = new Error(`kept statement ${this.name}: a row arrived before its columns were described`);
      return;
    }
    const row: Record<string, unknown> = {};
    try {
      for (let i = 0; i < msg.fields.length; i++) {
        const v = msg.fields[i];
        row[d.names[i]!] = v === null || v === undefined ? null : d.parsers[i]!(v);
      }
    } catch (e) {
      this.failure = e;
      return;
    }
    this.rows.push(row);
  }

  handleCommandComplete(msg: { text: string }): void {
    // "SELECT 10", "UPDATE 3", "INSERT 0 1": the command, then the row count last.
    const words = msg.text.split(' ');
    this.command = words[0] ?? '';
    const n = Number(words[words.length - 1]);
    this.rowCount = words.length > 1 && Number.isInteger(n) ? n : null;
    // Described with no RowDescription: the statement returns no columns (NoData).
    if (this.describing && !this.columns.has(this.name)) this.columns.set(this.name, { names: [], parsers: [] });
  }

  handleReadyForQuery(): void {
    this.settle(this.failure, this.failure ? undefined : { command: this.command, rowCount: this.rowCount, rows: this.rows });
  }

  /** A refusal from PostgreSQL (followed by ReadyForQuery) or the connection's end (nothing follows). */
  handleError(error: unknown): void {
    this.settle(this.failure ?? error);
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  private settle(error: unknown, result?: { command: string; rowCount: number | null; rows: Record<string, unknown>[] }): void {
    if (this.settled) return;
    this.settled = true;
    this.done(error, result);
  }
}

/**
 * The pool as Kysely sees it, running the queries compiled once (db/compiled.ts) as named prepared statements: each
 * connection parses, plans and describes such a query the first time it runs it and only binds values afterwards
 * (KeptRun). Every other query goes through pg's client unnamed, as before.
 */
export function withKeptStatements(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const columns = new Map<string, Described>();
    const typeParser = (oid: number) => client.getTypeParser(oid, 'text') as (text: string) => unknown;
    return {
      // Kysely calls query(sql, parameters) (the cursor form only for streams, which this app does not configure).
      query: ((text: string, values: unknown[]) => {
        const name = keptStatementName(text);
        if (!name) return client.query(text, values);
        return new Promise((resolve, reject) => {
          const run = new KeptRun(name, text, values, columns, typeParser, (error, result) => (error ? reject(error as Error) : resolve(result)));
          client.query(run as unknown as pg.Submittable);
        });
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** Distinct SQL texts whose prepared SQLite statement is kept (the app has a few hundred; IN lists add more). */
export const SQLITE_STATEMENT_CACHE = 1000;

/**
 * A reader statement whose rows SQLite hands over as arrays and which are made objects here. better-sqlite3 builds
 * each row object through V8's C++ interface, looking every column name up anew, which costs about as much as running
 * a small query; this is done only for statements whose column names cannot change (db/compiled.ts namesEveryColumn),
 * so they are read once.
 */
function rowsBuiltHere(stmt: SQLite.Statement): SqliteStatement {
  if (!stmt.reader) return stmt;
  const names = stmt.columns().map((c) => c.name);
  stmt.raw(true);
  const toObject = (row: unknown[]) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) o[names[i]!] = row[i];
    return o;
  };
  return {
    reader: true,
    all: (parameters) => (stmt.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => stmt.run(parameters),
    *iterate(parameters) {
      for (const row of stmt.iterate(parameters)) yield toObject(row as unknown[]);
    },
  };
}

/**
 * The SQLite file as Kysely sees it, with each distinct SQL text prepared once: Kysely's driver calls `prepare` for
 * every query, which parses and plans the SQL anew; here the statement is kept (least recently used dropped past
 * SQLITE_STATEMENT_CACHE) and reused. Safe because the one connection runs one statement at a time (Kysely's
 * SQLite driver holds a mutex), and SQLite re-prepares a kept statement itself after a schema change. Rows of the
 * queries compiled once are built by rowsBuiltHere.
 */
export function withStatementCache(file: SQLite.Database, size = SQLITE_STATEMENT_CACHE): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => file.close(),
    prepare(sql) {
      let stmt = kept.get(sql);
      if (stmt) {
        kept.delete(sql);
      } else {
        stmt = namesEveryColumn(sql) ? rowsBuiltHere(file.prepare(sql)) : file.prepare(sql);
        if (kept.size >= size) kept.delete(kept.keys().next().value as string);
      }
      kept.set(sql, stmt);
      return stmt;
    },
  };
}

/** PostgreSQL pool defaults (env DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_LOCK_TIMEOUT_MS). */
export const DEFAULT_POOL = { max: 20, statementTimeoutMs: 15_000, lockTimeoutMs: 5_000, acquireTimeoutMs: 10_000 } as const;

/** SQLSTATEs after which the whole transaction can simply run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Runs `fn` in a transaction and runs it again (up to `attempts` times, short jittered pause) when PostgreSQL
 * aborts it with a serialization failure or a deadlock. `fn` must only touch the database (it may run twice).
 */
export async function withTransactionRetry<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (i >= attempts || typeof code !== 'string' || !RETRYABLE.has(code)) throw e;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
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
