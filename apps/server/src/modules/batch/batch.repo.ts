import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BatchOrdersTable, BatchRowsTable, Database, ProjectsTable } from '../../db/schema';

export type BatchRow = Selectable<BatchOrdersTable>;
export type BatchRowRow = Selectable<BatchRowsTable>;
type Tx = Kysely<Database> | Transaction<Database>;

/** A batch row with what its project says (once ordered). */
export type RowWithProject = BatchRowRow & {
  p_name: string | null;
  p_version: string | null;
  p_status: ProjectsTable['status'] | null;
  p_progress: number | null;
  p_message: string | null;
  p_materials: string | null;
  p_source: ProjectsTable['source'] | null;
  p_form: string | null;
  p_updated_at: string | null;
  p_generated_at: string | null;
};

/** Kysely queries of batch orders and their rows. Every read is scoped to the owner. */
export function createBatchRepo(db: Kysely<Database>) {
  return {
    findOwned(id: number, userId: number, tx: Tx = db) {
      return tx.selectFrom('batch_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },
    async insert(values: Omit<BatchRow, 'id'>, tx: Tx = db): Promise<number> {
      return (await tx.insertInto('batch_orders').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },
    async update(id: number, patch: Partial<Omit<BatchRow, 'id' | 'user_id'>>, tx: Tx = db) {
      await tx.updateTable('batch_orders').set(patch).where('id', '=', id).execute();
    },
    async delete(id: number, userId: number, tx: Tx = db) {
      await tx.deleteFrom('batch_rows').where('batch_id', '=', id).where('user_id', '=', userId).execute();
      await tx.deleteFrom('batch_orders').where('id', '=', id).where('user_id', '=', userId).execute();
    },
    rows(batchId: number, tx: Tx = db): Promise<RowWithProject[]> {
      return tx
        .selectFrom('batch_rows as r')
        .leftJoin('projects as p', 'p.id', 'r.project_id')
        .selectAll('r')
        .select([
          'p.name as p_name',
          'p.version as p_version',
          'p.status as p_status',
          'p.progress as p_progress',
          'p.message as p_message',
          'p.materials_json as p_materials',
          'p.source as p_source',
          'p.form_json as p_form',
          'p.updated_at as p_updated_at',
          'p.generated_at as p_generated_at',
        ])
        .where('r.batch_id', '=', batchId)
        .orderBy('r.row_no')
        .orderBy('r.id')
        .execute() as Promise<RowWithProject[]>;
    },
    async insertRows(rows: Omit<BatchRowRow, 'id' | 'excluded' | 'free_regen_job_id'>[], tx: Tx = db): Promise<void> {
      // Chunks keep every INSERT under SQLite's bound-parameter limit.
      for (let i = 0; i < rows.length; i += 50) await tx.insertInto('batch_rows').values(rows.slice(i, i + 50)).execute();
    },
    async updateRow(id: number, patch: Partial<Omit<BatchRowRow, 'id' | 'batch_id' | 'user_id'>>, tx: Tx = db) {
      await tx.updateTable('batch_rows').set(patch).where('id', '=', id).execute();
    },
    async deleteRows(batchId: number, ids: number[], tx: Tx = db) {
      if (ids.length) await tx.deleteFrom('batch_rows').where('batch_id', '=', batchId).where('id', 'in', ids).execute();
    },
    async list(userId: number, status: 'draft' | 'ordered' | undefined, page: number, pageSize: number) {
      let q = db.selectFrom('batch_orders').where('user_id', '=', userId);
      if (status) q = q.where('status', '=', status);
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { rows, total: Number(total.n) };
    },
    /** The rows of ordered batches with their project's status (a draft's rows are counted by checking them). */
    async stateCounts(batchIds: number[]) {
      if (batchIds.length === 0) return [];
      return db
        .selectFrom('batch_rows as r')
        .leftJoin('projects as p', 'p.id', 'r.project_id')
        .select(['r.batch_id', 'p.status', 'r.project_id', 'r.excluded'])
        .where('r.batch_id', 'in', batchIds)
        .execute();
    },
    /** The user's earlier projects (not those of `exceptBatch`) for the duplicate checks. */
    earlierProjects(userId: number, exceptBatch: number) {
      return db
        .selectFrom('projects')
        .select(['id', 'name', 'version', 'form_json', 'upload_id'])
        .where('user_id', '=', userId)
        .where((eb) => eb('id', 'not in', eb.selectFrom('batch_rows').select('project_id').where('batch_id', '=', exceptBatch).where('project_id', 'is not', null).$castTo<number>()))
        .orderBy('id', 'desc')
        .limit(2000)
        .execute();
    },
  };
}
export type BatchRepo = ReturnType<typeof createBatchRepo>;
