import type { Kysely, Selectable, Transaction } from 'kysely';
import { nowIso } from '../../db';
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
  sort: number;
}

/** The row input of a module as a request gives it; `sort` when the request does not say. */
export const moduleRowInput = (m: Omit<ModuleRowInput, 'sort'> & { sort?: number }, sort: number): ModuleRowInput => ({
  name: m.name,
  description: m.description,
  operations: m.operations,
  notes: m.notes,
  evidence: m.evidence,
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

/** Kysely queries of projects, functional modules and code uploads. Every read is scoped to the owner. */
export function createProjectsRepo(db: Kysely<Database>) {
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
    async list(f: ListFilter) {
      let q = db.selectFrom('projects').where('user_id', '=', f.userId);
      if (f.source) q = q.where('source', '=', f.source);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.keyword) {
        const like = `%${f.keyword}%`;
        q = q.where((eb) => eb.or([eb('name', 'like', like), eb('short_name', 'like', like)]));
      }
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll('projects')
        .select((eb) => eb.selectFrom('functional_modules').whereRef('functional_modules.project_id', '=', 'projects.id').select((e) => e.fn.countAll<number>().as('c')).as('module_count'))
        .orderBy('id', 'desc')
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize)
        .execute();
      return { rows, total: Number(total.n) };
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
          modules.map((m) => ({ project_id: projectId, name: m.name, description: m.description, operations: JSON.stringify(m.operations), notes: JSON.stringify(m.notes ?? []), evidence: JSON.stringify(m.evidence ?? []), sort: m.sort, created_at: now, updated_at: now })),
        )
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },
    async updateModule(id: number, patch: Partial<Pick<ModuleRow, 'name' | 'description' | 'operations' | 'notes' | 'sort' | 'evidence'>>, tx: Tx = db) {
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
