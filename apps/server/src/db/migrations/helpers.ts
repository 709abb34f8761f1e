import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index';

/** Adds an auto-increment integer primary key `id` that works on SQLite and PostgreSQL. */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** Creates an index. */
export async function index(db: Kysely<unknown>, table: string, name: string, columns: string[], unique = false): Promise<void> {
  let b = db.schema.createIndex(name).on(table).columns(columns);
  if (unique) b = b.unique();
  await b.execute();
}
