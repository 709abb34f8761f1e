import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { nowIso } from '../../db';
import { compileOnce } from '../../db/compiled';
import type { CodeUploadsTable, Database, FunctionalModulesTable, ProjectsTable } from '../../db/schema';

export type ProjectRow = Selectable<ProjectsTable>;
export type ModuleRow = Selectable<FunctionalModulesTable>;
export type UploadRow = Selectable<CodeUploadsTable>;

/** A functional module to insert: its texts, steps, 注意事项, code evidence ("path#symbol") and place in the list. */
export interface ModuleRowInput {
  name: string;
  description: string;
  operations: string[];
  notes?: string[];
  evidence?: string[];
  /** Why the name waits for the user's confirmation; absent for a confirmed or typed name. */
  nameConfirm?: string;
  sort: number;
}

/** The row input of a module as a request gives it; `sort` when the request does not say. */
export const moduleRowInput = (m: Omit<ModuleRowInput, 'sort'> & { sort?: number }, sort: number): ModuleRowInput => ({
  name: m.name,
  description: m.description,
  operations: m.operations,
  notes: m.notes,
  evidence: m.evidence,
  nameConfirm: m.nameConfirm,
  sort: m.sort ?? sort,
});
type Tx = Kysely<Database> | Transaction<Database>;

export interface ListFilter {
  userId: number;
  source?: 'form' | 'code';
  status?: ProjectRow['status'];
  keyword?: string;
  page: number;
  pageSize: number;
}

/** The columns of a project the list shows (`presentListItem`). */
export type ProjectListRow = Pick<
  ProjectRow,
  'id' | 'source' | 'name' | 'short_name' | 'version' | 'category' | 'platform' | 'form_json' | 'status' | 'progress' | 'message' | 'created_at' | 'updated_at' | 'generated_at'
> & { module_count: number | null; has_materials: boolean | number };

interface ListValues {
  userId: number;
  source: ListFilter['source'];
  status: ListFilter['status'];
  like: string;
  limit: number;
  offset: number;
}

/** The count and page queries of the project list for one combination of filters. */
function compileListQueries(db: Kysely<Database>, bySource: boolean, byStatus: boolean, byKeyword: boolean) {
  const filtered = (p: ListValues) => {
    let q = db.selectFrom('projects').where('user_id', '=', p.userId);
    if (bySource) q = q.where('source', '=', p.source!);
    if (byStatus) q = q.where('status', '=', p.status!);
    if (byKeyword) q = q.where((eb) => eb.or([eb('name', 'like', p.like), eb('short_name', 'like', p.like)]));
    return q;
  };
  const count = (p: ListValues) => filtered(p).select((eb) => eb.fn.countAll<number>().as('n'));
  /** The page's rows, each also carrying the count of all matching rows (one query: one round trip to PostgreSQL). */
  const rows = (p: ListValues) =>
    filtered(p)
      .select(['id', 'source', 'name', 'short_name', 'version', 'category', 'platform', 'form_json', 'status', 'progress', 'message', 'created_at', 'updated_at', 'generated_at'])
      .select((eb) => [
        eb.selectFrom('functional_modules').whereRef('functional_modules.project_id', '=', 'projects.id').select((e) => e.fn.countAll<number>().as('c')).as('module_count'),
        eb('materials_json', 'is not', null).as('has_materials'),
        count(p).as('total'),
      ])
      .orderBy('id', 'desc')
      // SQLite codes a bound LIMIT as a constant of the plan and prepares the statement again whenever the value is
      // bound anew; as an expression it stays a value of the run, so the prepared statement is reused.
      .limit(sql<number>`cast(${p.limit} as integer)`);
  return {
    count: compileOnce(count),
    /**
     * The first page, with no OFFSET at all. PostgreSQL runs a prepared statement with a plan made for its values (a
     * custom plan, planned on every run) for as long as that looks cheaper than the plan kept for any values (the
     * generic plan). An OFFSET bound as a value makes the generic plan look dearer whenever the statistics expect
     * few rows (a new or small installation), so every run of the first page was planned anew; without it the
     * generic plan is kept after PostgreSQL's first five runs and the page that opens the list is only executed.
     */
    firstPage: compileOnce(rows),
    page: compileOnce((p: ListValues) => rows(p).offset(p.offset)),
  };
}

/** Kysely queries of projects, functional modules and code uploads. Every read is scoped to the owner. */
export function createProjectsRepo(db: Kysely<Database>) {
  const listQueries = new Map<string, ReturnType<typeof compileListQueries>>();
  return {
    findOwned(id: number, userId: number, tx: Tx = db) {
      return tx.selectFrom('projects').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },
    findById(id: number, tx: Tx = db) {
      return tx.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(values: Omit<ProjectRow, 'id'>, tx: Tx = db): Promise<number> {
      const r = await tx.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    async update(id: number, userId: number, patch: Partial<Omit<ProjectRow, 'id' | 'user_id'>>, tx: Tx = db) {
      await tx.updateTable('projects').set(patch).where('id', '=', id).where('user_id', '=', userId).execute();
    },
    async delete(id: number, userId: number, tx: Tx = db) {
      await tx.deleteFrom('functional_modules').where('project_id', '=', id).execute();
      await tx.deleteFrom('projects').where('id', '=', id).where('user_id', '=', userId).execute();
    },
    /**
     * One page of a user's projects, newest first, with what the list shows (not the AI information or the stored
     * materials: `has_materials` says whether there are any) and the count of all matching rows. The queries are
     * compiled once per filter shape.
     */
    async list(f: ListFilter): Promise<{ rows: ProjectListRow[]; total: number }> {
      const shape = `${f.source ? 's' : ''}${f.status ? 't' : ''}${f.keyword ? 'k' : ''}`;
      let q = listQueries.get(shape);
      if (!q) {
        q = compileListQueries(db, Boolean(f.source), Boolean(f.status), Boolean(f.keyword));
        listQueries.set(shape, q);
      }
      const values = { userId: f.userId, source: f.source, status: f.status, like: `%${f.keyword ?? ''}%`, limit: f.pageSize, offset: (f.page - 1) * f.pageSize };
      const { rows } = await db.executeQuery(f.page === 1 ? q.firstPage(values) : q.page(values));
      if (rows[0]) return { rows, total: Number(rows[0].total) };
      // An empty page: none match at all (first page), or the page lies past the last one.
      if (f.page === 1) return { rows, total: 0 };
      const { rows: counted } = await db.executeQuery(q.count(values));
      return { rows, total: Number(counted[0]?.n ?? 0) };
    },

    listModules(projectId: number, tx: Tx = db) {
      return tx.selectFrom('functional_modules').selectAll().where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
    },
    async countModules(projectId: number, tx: Tx = db): Promise<number> {
      const r = await tx.selectFrom('functional_modules').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async maxModuleSort(projectId: number, tx: Tx = db): Promise<number> {
      const r = await tx.selectFrom('functional_modules').select((eb) => eb.fn.max<number | null>('sort').as('m')).where('project_id', '=', projectId).executeTakeFirst();
      return r?.m == null ? -1 : Number(r.m);
    },
    /** A module together with its project, only when the project belongs to `userId`. */
    findModuleOwned(id: number, userId: number, tx: Tx = db) {
      return tx
        .selectFrom('functional_modules as m')
        .innerJoin('projects as p', 'p.id', 'm.project_id')
        .selectAll('m')
        .where('m.id', '=', id)
        .where('p.user_id', '=', userId)
        .executeTakeFirst();
    },
    async insertModules(projectId: number, modules: ModuleRowInput[], tx: Tx = db): Promise<number[]> {
      if (modules.length === 0) return [];
      const now = nowIso();
      const rows = await tx
        .insertInto('functional_modules')
        .values(
          modules.map((m) => ({ project_id: projectId, name: m.name, description: m.description, operations: JSON.stringify(m.operations), notes: JSON.stringify(m.notes ?? []), evidence: JSON.stringify(m.evidence ?? []), name_confirm: m.nameConfirm || null, sort: m.sort, created_at: now, updated_at: now })),
        )
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },
    async updateModule(id: number, patch: Partial<Pick<ModuleRow, 'name' | 'description' | 'operations' | 'notes' | 'sort' | 'evidence' | 'name_confirm'>>, tx: Tx = db) {
      await tx.updateTable('functional_modules').set({ ...patch, updated_at: nowIso() }).where('id', '=', id).execute();
    },
    async deleteModule(id: number, tx: Tx = db) {
      await tx.deleteFrom('functional_modules').where('id', '=', id).execute();
    },
    async deleteModulesOf(projectId: number, tx: Tx = db) {
      await tx.deleteFrom('functional_modules').where('project_id', '=', projectId).execute();
    },

    findUploadOwned(id: number, userId: number, tx: Tx = db) {
      return tx.selectFrom('code_uploads').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },
    findUpload(id: number, tx: Tx = db) {
      return tx.selectFrom('code_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertUpload(values: Omit<UploadRow, 'id'>, tx: Tx = db): Promise<number> {
      const r = await tx.insertInto('code_uploads').values(values).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    async uploadInUse(uploadId: number, exceptProjectId: number, tx: Tx = db): Promise<boolean> {
      const r = await tx.selectFrom('projects').select('id').where('upload_id', '=', uploadId).where('id', '!=', exceptProjectId).executeTakeFirst();
      return Boolean(r);
    },
    async deleteUpload(id: number, tx: Tx = db) {
      await tx.deleteFrom('code_uploads').where('id', '=', id).execute();
    },
  };
}
export type ProjectsRepo = ReturnType<typeof createProjectsRepo>;
