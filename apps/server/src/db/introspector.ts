import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  default_expr: string | null;
  comment: string | null;
}

/**
 * Reads the tables of the schemas on the session's search_path only (the app's own schema, or `public`).
 *
 * Kysely's PostgreSQL introspector scans every schema of the database and calls `has_schema_privilege` and
 * `pg_get_serial_sequence` with each schema's name; when another process drops a schema during that scan the
 * whole call fails with "schema … does not exist" (several apps or test runs sharing one database do exactly
 * that). The migrator asks this introspector whether its tables exist, so a start must not depend on what other
 * schemas do. Resolved by OID (`current_schemas(false)`), never by name.
 */
export class SearchPathIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace order by nspname`.execute(this.db);
    return rows;
  }

  /** Tables and views (with their columns, in column order) of the search_path's schemas. */
  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", ns.nspname as "schema", c.relkind as "kind", a.attname as "column",
             typ.typname as "type", dtns.nspname as "type_schema", a.attnotnull as "not_null", a.atthasdef as "has_default",
             a.attidentity::text as "identity", pg_catalog.pg_get_expr(d.adbin, d.adrelid) as "default_expr",
             pg_catalog.col_description(a.attrelid, a.attnum) as "comment"
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
        left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where ns.nspname = any(current_schemas(false))
         and c.relkind in ('r', 'v', 'p')
         and a.attnum > 0 and not a.attisdropped
       order by ns.nspname, c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && internal.has(r.table)) continue;
      const key = `${r.schema}.${r.table}`;
      let t = tables.get(key);
      if (!t) tables.set(key, (t = { name: r.table, schema: r.schema, isView: r.kind === 'v', columns: [] }));
      t.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.type_schema,
        isNullable: !r.not_null,
        hasDefaultValue: r.has_default,
        isAutoIncrementing: r.identity !== '' || /^nextval\(/.test(r.default_expr ?? ''),
        ...(r.comment !== null ? { comment: r.comment } : {}),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgresDialect whose introspection (and so the migrator's table checks) reads the search_path's schemas only. */
export class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
