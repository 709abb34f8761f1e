import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnce, keptStatementName, namesEveryColumn } from './compiled';
import { withStatementCache } from './index';

interface TestDb {
  items: { id: number; owner: number; name: string };
}

function memoryDb(size?: number) {
  const file = new SQLite(':memory:');
  file.exec('create table items (id integer primary key, owner integer not null, name text not null)');
  const insert = file.prepare('insert into items (owner, name) values (?, ?)');
  for (const [owner, name] of [[1, '甲'], [1, '乙'], [2, '丙'], [1, '丁']] as const) insert.run(owner, name);
  const database = withStatementCache(file, size);
  return { file, database, db: new Kysely<TestDb>({ dialect: new SqliteDialect({ database }) }) };
}

describe('queries compiled once', () => {
  it('runs with the values of each call, a value bound twice included', async () => {
    const { db } = memoryDb();
    const q = compileOnce((p: { owner: number; like: string; limit: number }) =>
      db
        .selectFrom('items')
        .select('name')
        .where('owner', '=', p.owner)
        .where((eb) => eb.or([eb('name', 'like', p.like), eb('name', '=', p.like)]))
        .orderBy('id')
        .limit(p.limit),
    );
    expect((await db.executeQuery(q({ owner: 1, like: '%', limit: 2 }))).rows).toEqual([{ name: '甲' }, { name: '乙' }]);
    expect((await db.executeQuery(q({ owner: 2, like: '丙', limit: 5 }))).rows).toEqual([{ name: '丙' }]);
    expect(keptStatementName(q({ owner: 1, like: '', limit: 1 }).sql)).toMatch(/^mazhu_kept_\d+$/);
  });

  it('refuses a stand-in written into the SQL text instead of bound', () => {
    const { db } = memoryDb();
    expect(() => compileOnce((p: { name: string }) => db.selectFrom('items').select('id').where(sql<boolean>`name = '${sql.raw(String(p.name))}'`))).toThrow(/not a bound value/);
  });
});

describe('SQLite statements kept per SQL text', () => {
  it('prepares a text once and reuses its statement', () => {
    const { database } = memoryDb();
    const s = database.prepare('select name from items where owner = ?');
    expect(database.prepare('select name from items where owner = ?')).toBe(s);
    expect(s.all([2])).toEqual([{ name: '丙' }]);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const { database } = memoryDb(2);
    const a = database.prepare('select 1');
    const b = database.prepare('select 2');
    expect(database.prepare('select 1')).toBe(a); // 'select 2' is now the least recently used
    database.prepare('select 3');
    expect(database.prepare('select 1')).toBe(a);
    expect(database.prepare('select 2')).not.toBe(b);
  });

  it('answers a query compiled once with the rows Kysely reads, before and after the schema changed', async () => {
    const { db, file } = memoryDb();
    const named = (owner: number) => db.selectFrom('items').select(['id', 'name']).select((eb) => eb.fn.countAll<number>().over().as('n')).where('owner', '=', owner).orderBy('id');
    const all = (owner: number) => db.selectFrom('items').selectAll().where('owner', '=', owner).orderBy('id');
    const compiledNamed = compileOnce((p: { owner: number }) => named(p.owner));
    const compiledAll = compileOnce((p: { owner: number }) => all(p.owner));
    expect(namesEveryColumn(compiledNamed({ owner: 1 }).sql)).toBe(true);
    expect(namesEveryColumn(compiledAll({ owner: 1 }).sql)).toBe(false);
    expect((await db.executeQuery(compiledNamed({ owner: 1 }))).rows).toEqual(await named(1).execute());
    expect((await db.executeQuery(compiledNamed({ owner: 1 }))).rows).toEqual([{ id: 1, name: '甲', n: 3 }, { id: 2, name: '乙', n: 3 }, { id: 4, name: '丁', n: 3 }]);
    file.exec("alter table items add column note text not null default '备注'");
    expect((await db.executeQuery(compiledNamed({ owner: 2 }))).rows).toEqual([{ id: 3, name: '丙', n: 1 }]);
    expect((await db.executeQuery(compiledAll({ owner: 2 }))).rows).toEqual([{ id: 3, owner: 2, name: '丙', note: '备注' }]);
  });

  it('answers with the current columns after the schema changed under a kept statement', async () => {
    const { db, file } = memoryDb();
    const all = () => db.selectFrom('items').selectAll().where('id', '=', 1).execute();
    expect(await all()).toEqual([{ id: 1, owner: 1, name: '甲' }]);
    file.exec("alter table items add column note text not null default '备注'");
    expect(await all()).toEqual([{ id: 1, owner: 1, name: '甲', note: '备注' }]);
  });
});
