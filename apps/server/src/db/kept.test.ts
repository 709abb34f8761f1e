import crypto from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOnce } from './compiled';
import { withKeptStatements } from './index';

/**
 * Queries compiled once, run on PostgreSQL as kept statements (db/index.ts KeptRun): rows, values, errors and a lost
 * connection, each checked against what the same query answers through pg's own client. Needs TEST_DATABASE_URL
 * (`npm run test:pg`); skipped otherwise.
 */
const pgUrl = process.env.TEST_DATABASE_URL;

interface TestDb {
  items: { id: number; owner: number; name: string; at: string | null; note: string | null };
}

describe.skipIf(!pgUrl)('kept statements on PostgreSQL', () => {
  const schema = `kept_${crypto.randomBytes(5).toString('hex')}`;
  let pool: pg.Pool;
  let db: Kysely<TestDb>;
  /** How often each connection was asked to describe a portal. */
  const describes = new Map<pg.PoolClient, number>();

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE TABLE ${schema}.items (id serial primary key, owner integer not null, name text not null, at text, note text)`);
    await admin.query(`INSERT INTO ${schema}.items (owner, name) VALUES (1, '甲'), (1, '乙'), (2, '丙'), (1, '丁')`);
    await admin.end();
    // One connection, so every run below shares its prepared statements and their descriptions.
    pool = new pg.Pool({ connectionString: pgUrl, max: 1, options: `-c search_path=${schema}` });
    // The pool reports a connection that ends while idle (the one terminated below) as an 'error' event.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      // A connection ended by PostgreSQL while checked out reports it as an 'error' event too (the run is refused).
      client.on('error', () => undefined);
      const connection = (client as unknown as { connection: { describe: (...a: unknown[]) => void } }).connection;
      const describe = connection.describe.bind(connection);
      connection.describe = (...a: unknown[]) => {
        describes.set(client, (describes.get(client) ?? 0) + 1);
        describe(...a);
      };
    });
    db = new Kysely<TestDb>({ dialect: new PostgresDialect({ pool: withKeptStatements(pool) }) });
  });

  afterAll(async () => {
    await db?.destroy();
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  const totalDescribes = () => [...describes.values()].reduce((a, b) => a + b, 0);

  it('answers the rows of the plain query, describing the columns on the first run only', async () => {
    const plain = (owner: number) =>
      db.selectFrom('items').select(['id', 'name']).select((eb) => eb.fn.countAll<number>().over().as('n')).where('owner', '=', owner).orderBy('id');
    const kept = compileOnce((p: { owner: number }) => plain(p.owner));
    const before = totalDescribes();
    expect((await db.executeQuery(kept({ owner: 1 }))).rows).toEqual([{ id: 1, name: '甲', n: 3 }, { id: 2, name: '乙', n: 3 }, { id: 4, name: '丁', n: 3 }]);
    expect((await db.executeQuery(kept({ owner: 2 }))).rows).toEqual(await plain(2).execute());
    expect((await db.executeQuery(kept({ owner: 9 }))).rows).toEqual([]);
    expect((await db.executeQuery(kept({ owner: 1 }))).rows).toEqual(await plain(1).execute());
    expect(totalDescribes() - before).toBe(1);
  });

  it('binds values as pg does (null, Date, numbers) and counts the rows a write touched', async () => {
    const setAt = compileOnce((p: { at: string | null; note: string | null; owner: number }) => db.updateTable('items').set({ at: p.at, note: p.note }).where('owner', '=', p.owner));
    const r1 = await db.executeQuery(setAt({ at: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) as unknown as string, note: null, owner: 1 }));
    expect(r1.numAffectedRows).toBe(3n);
    expect(r1.rows).toEqual([]);
    const r2 = await db.executeQuery(setAt({ at: null, note: '备注', owner: 2 }));
    expect(r2.numAffectedRows).toBe(1n);
    const rows = await db.selectFrom('items').select(['owner', 'at', 'note']).orderBy('id').execute();
    expect(rows[0]!.at).toMatch(/^2024-01-0[12]/);
    expect(rows[0]!.note).toBeNull();
    expect(rows[2]).toEqual({ owner: 2, at: null, note: '备注' });
  });

  it('rejects with PostgreSQL’s error and leaves the connection usable', async () => {
    const ratio = compileOnce((p: { d: number }) => db.selectFrom('items').select(sql<number>`count(*) / ${p.d}::int`.as('r')));
    expect((await db.executeQuery(ratio({ d: 2 }))).rows).toEqual([{ r: 2 }]);
    await expect(db.executeQuery(ratio({ d: 0 }))).rejects.toMatchObject({ code: '22012' });
    expect((await db.executeQuery(ratio({ d: 4 }))).rows).toEqual([{ r: 1 }]);
    // A statement PostgreSQL refuses to prepare fails every time, and plain queries still run.
    const broken = compileOnce((p: { owner: number }) => db.selectFrom('items').select(sql<number>`no_such_column`.as('x')).where('owner', '=', p.owner));
    await expect(db.executeQuery(broken({ owner: 1 }))).rejects.toMatchObject({ code: '42703' });
    await expect(db.executeQuery(broken({ owner: 1 }))).rejects.toMatchObject({ code: '42703' });
    expect(await db.selectFrom('items').select('name').where('id', '=', 3).execute()).toEqual([{ name: '丙' }]);
    // A value pg cannot convert fails the run before anything is sent.
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const byNote = compileOnce((p: { note: string }) => db.selectFrom('items').select('id').where('note', '=', p.note));
    await expect(db.executeQuery(byNote({ note: circular as unknown as string }))).rejects.toThrow();
    expect((await db.executeQuery(byNote({ note: '备注' }))).rows).toEqual([{ id: 3 }]);
  });

  it('rejects, instead of waiting forever, when the connection is lost during a run', async () => {
    const slow = compileOnce((p: { s: number }) => db.selectFrom('items').select(sql<string>`pg_sleep(${p.s})::text`.as('z')).limit(1));
    const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    const running = db.executeQuery(slow({ s: 30 })).then(
      () => 'answered',
      (e: unknown) => e,
    );
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      await new Promise((r) => setTimeout(r, 200));
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    expect(await running).toMatchObject({ code: '57P01' });
    // The pool drops the lost connection once its socket has closed, then opens a new one on which the statement is
    // prepared and described again.
    for (let i = 0; i < 100 && pool.totalCount > 0; i++) await new Promise((r) => setTimeout(r, 10));
    const byOwner = compileOnce((p: { owner: number }) => db.selectFrom('items').select('name').where('owner', '=', p.owner).orderBy('id'));
    expect((await db.executeQuery(byOwner({ owner: 2 }))).rows).toEqual([{ name: '丙' }]);
  });
});
