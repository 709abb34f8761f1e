import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './index';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('the PostgreSQL pool', () => {
  const schema = `poolerr_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('survives an idle connection killed by the server: it is reported, and the next query gets a new one', async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const errors: string[] = [];
    const handle = openDb({ dataDir: path.join(os.tmpdir(), 'unused'), databaseUrl: pgUrl, databaseSchema: schema }, (e) => errors.push(e.message));
    try {
      const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = first.rows[0]!.pid;
      // The connection is idle in the pool now; the server ends it (as a restart or an administrator would).
      await admin.query('select pg_terminate_backend($1)', [pid]);
      for (let i = 0; i < 50 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(errors.length).toBe(1);
      const next = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      expect(next.rows[0]!.pid).not.toBe(pid);
    } finally {
      await handle.destroy();
    }
  });
});
