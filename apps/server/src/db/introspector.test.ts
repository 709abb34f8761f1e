import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from './index';
import { migrations } from './migrations';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('migrations in a database other apps share', () => {
  const schema = `introsp_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('start and see only their own schema while other schemas are created and dropped', async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    // Another tenant of the database keeps creating and dropping schemas with tables (as parallel test runs do).
    const churn = new pg.Client({ connectionString: pgUrl });
    await churn.connect();
    let stop = false;
    let cycles = 0;
    const churning = (async () => {
      while (!stop) {
        const other = `introsp_other_${crypto.randomBytes(4).toString('hex')}`;
        await churn.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.t (id serial primary key, v text)`);
        await churn.query(`DROP SCHEMA ${other} CASCADE`);
        cycles++;
      }
    })();
    const handle = openDb({ dataDir: path.join(os.tmpdir(), 'unused'), databaseUrl: pgUrl, databaseSchema: schema });
    try {
      const applied = await migrate(handle);
      expect(applied).toEqual(migrations.map((m) => m.name).sort());
      for (let i = 0; i < 40; i++) {
        const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
        const users = tables.find((t) => t.name === 'users');
        expect(users?.columns.find((c) => c.name === 'id')?.isAutoIncrementing).toBe(true);
        expect(tables.some((t) => t.name === 'kysely_migration')).toBe(true);
      }
      expect(await migrate(handle)).toEqual([]);
    } finally {
      stop = true;
      await churning;
      await churn.end();
      await handle.destroy();
    }
    expect(cycles).toBeGreaterThan(0);
  });
});
