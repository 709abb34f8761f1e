import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OwnersTable } from '../../db/schema';

export type OwnerRow = Selectable<OwnersTable>;
type Tx = Kysely<Database> | Transaction<Database>;

/** Kysely queries of owners and project ↔ owner links. Every owner read is scoped to its user. */
export function createOwnersRepo(db: Kysely<Database>) {
  const usage = (tx: Tx) =>
    tx
      .selectFrom('project_owners')
      .select((eb) => ['owner_id', eb.fn.countAll<number>().as('n')])
      .groupBy('owner_id')
      .as('u');
  return {
    findOwned(id: number, userId: number, tx: Tx = db) {
      return tx.selectFrom('owners').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },
    findByHash(userId: number, idHash: string, tx: Tx = db) {
      return tx.selectFrom('owners').selectAll().where('user_id', '=', userId).where('id_hash', '=', idHash).executeTakeFirst();
    },
    findByName(userId: number, name: string, tx: Tx = db) {
      return tx.selectFrom('owners').selectAll().where('user_id', '=', userId).where('name', '=', name).orderBy('id').execute();
    },
    listOwnedByIds(userId: number, ids: number[], tx: Tx = db) {
      if (ids.length === 0) return Promise.resolve([] as OwnerRow[]);
      return tx.selectFrom('owners').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
    },
    async insert(values: Omit<OwnerRow, 'id'>, tx: Tx = db): Promise<number> {
      const r = await tx.insertInto('owners').values(values).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    async update(id: number, userId: number, patch: Partial<Omit<OwnerRow, 'id' | 'user_id' | 'created_at'>>, tx: Tx = db) {
      await tx.updateTable('owners').set(patch).where('id', '=', id).where('user_id', '=', userId).execute();
    },
    async delete(id: number, userId: number, tx: Tx = db) {
      await tx.deleteFrom('owners').where('id', '=', id).where('user_id', '=', userId).execute();
    },
    async list(f: { userId: number; keyword?: string; idHash?: string; category?: string; page: number; pageSize: number }) {
      let q = db.selectFrom('owners').leftJoin(usage(db), 'u.owner_id', 'owners.id').where('owners.user_id', '=', f.userId);
      if (f.category) q = q.where('owners.category', '=', f.category);
      if (f.keyword) {
        const like = `%${f.keyword}%`;
        q = f.idHash ? q.where((eb) => eb.or([eb('owners.name', 'like', like), eb('owners.id_hash', '=', f.idHash!)])) : q.where('owners.name', 'like', like);
      }
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll('owners')
        .select((eb) => eb.fn.coalesce('u.n', eb.lit(0)).as('project_count'))
        .orderBy('owners.id', 'desc')
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize)
        .execute();
      return { rows, total: Number(total.n) };
    },
    async projectCount(ownerId: number, tx: Tx = db): Promise<number> {
      const r = await tx.selectFrom('project_owners').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Names of the projects naming an owner (for the refusal to delete it). */
    async projectNamesUsing(ownerId: number, tx: Tx = db): Promise<string[]> {
      const rows = await tx
        .selectFrom('project_owners as po')
        .innerJoin('projects as p', 'p.id', 'po.project_id')
        .select('p.name')
        .where('po.owner_id', '=', ownerId)
        .orderBy('p.id')
        .execute();
      return rows.map((r) => r.name);
    },
    /** The owners of a project in form order. */
    ownersOfProject(projectId: number, tx: Tx = db) {
      return tx
        .selectFrom('project_owners as po')
        .innerJoin('owners as o', 'o.id', 'po.owner_id')
        .selectAll('o')
        .where('po.project_id', '=', projectId)
        .orderBy('po.sort')
        .execute();
    },
    async ownerIdsOfProject(projectId: number, tx: Tx = db): Promise<number[]> {
      const rows = await tx.selectFrom('project_owners').select('owner_id').where('project_id', '=', projectId).orderBy('sort').execute();
      return rows.map((r) => r.owner_id);
    },
    async replaceProjectOwners(projectId: number, ownerIds: number[], tx: Tx = db) {
      await tx.deleteFrom('project_owners').where('project_id', '=', projectId).execute();
      if (ownerIds.length) await tx.insertInto('project_owners').values(ownerIds.map((owner_id, sort) => ({ project_id: projectId, owner_id, sort }))).execute();
    },
  };
}
export type OwnersRepo = ReturnType<typeof createOwnersRepo>;
