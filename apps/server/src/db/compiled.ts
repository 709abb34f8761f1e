import { ReferenceNode, SelectAllNode, SelectQueryNode, type Compilable, type CompiledQuery, type OperationNode } from 'kysely';

const SLOT = Symbol('compiled-query slot');

/** SQL texts of the queries compiled once, with the name PostgreSQL keeps each one's prepared statement under. */
const kept = new Map<string, string>();

/**
 * The prepared-statement name of a query compiled by `compileOnce`, undefined for any other SQL text. The PostgreSQL
 * pool (db/index.ts) prepares these once per connection instead of parsing and planning them on every call; there
 * are few of them (one per hot query shape), so the statements a connection keeps stay bounded.
 */
export const keptStatementName = (sqlText: string): string | undefined => kept.get(sqlText);

/** SQL texts of selects compiled once that name every column they return (no `*`). */
const named = new Set<string>();

/**
 * True for a select compiled once whose columns are all named: its result columns stay the same whatever happens to
 * the tables, so their names can be read once (the SQLite layer in db/index.ts builds such rows itself).
 */
export const namesEveryColumn = (sqlText: string): boolean => named.has(sqlText);

const selectsNamedColumns = (node: OperationNode): boolean =>
  SelectQueryNode.is(node) && (node.selections ?? []).every(({ selection: s }) => !SelectAllNode.is(s) && !(ReferenceNode.is(s) && SelectAllNode.is(s.column)));
interface Slot {
  readonly [SLOT]: string;
}
const isSlot = (v: unknown): v is Slot => typeof v === 'object' && v !== null && SLOT in v;

/**
 * A Kysely query built and compiled once and run many times with new values. `build` receives one stand-in per
 * named value (pass them where a value goes: `where(…, '=', p.userId)`, `limit(p.limit)`); the SQL text is kept and
 * every call puts the values in the stand-ins' places. Building and compiling a query with Kysely costs more than
 * SQLite takes to run a small one, so the hot reads (the signed-in project list) are compiled once per shape. On
 * PostgreSQL the statement is also prepared once per connection (keptStatementName).
 *
 * A stand-in must only be used as a bound value (it may be bound several times): compiling throws when one that
 * `build` read is missing from the parameters (Kysely wrote it into the SQL text), so a misuse fails at once.
 *
 * @param build the query, written with the stand-ins (typed as the values they stand for)
 * @returns values → the compiled query to pass to `db.executeQuery`
 */
export function compileOnce<P extends object, R>(build: (p: P) => Compilable<R>): (values: P) => CompiledQuery<R> {
  const read = new Set<string>();
  const stand = new Proxy({} as P, {
    get: (_t, name): Slot => {
      read.add(String(name));
      return { [SLOT]: String(name) };
    },
  });
  const compiled = build(stand).compile();
  const names = compiled.parameters.map((v) => (isSlot(v) ? v[SLOT] : undefined));
  for (const name of read) if (!names.includes(name)) throw new Error(`compileOnce: ${name} is not a bound value in ${compiled.sql}`);
  const constants = compiled.parameters;
  if (!kept.has(compiled.sql)) kept.set(compiled.sql, `mazhu_kept_${kept.size + 1}`);
  if (selectsNamedColumns(compiled.query)) named.add(compiled.sql);
  return (values) => ({
    ...compiled,
    parameters: names.map((name, i) => {
      if (name === undefined) return constants[i];
      if (!(name in values)) throw new Error(`compileOnce: no value for ${name}`);
      return values[name as keyof P];
    }),
  });
}
