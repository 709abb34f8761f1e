import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ProjectPreviewsTable, ProjectScreensTable } from '../../db/schema';

export type ScreenRow = Selectable<ProjectScreensTable>;
export type NewScreenRow = Insertable<ProjectScreensTable>;
export type PreviewSettingsRow = Selectable<ProjectPreviewsTable>;
type Tx = Kysely<Database> | Transaction<Database>;

/** Kysely queries of project screens and prototype settings. Owner scoping is done by the caller on the project. */
export function createPreviewRepo(db: Kysely<Database>) {
  return {
    listScreens(projectId: number, tx: Tx = db) {
      return tx.selectFrom('project_screens').selectAll().where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
    },
    /** A screen of a project the user owns (joined on the project's owner), else undefined. */
    findOwnedScreen(id: number, userId: number, tx: Tx = db) {
      return tx
        .selectFrom('project_screens as s')
        .innerJoin('projects as p', 'p.id', 's.project_id')
        .selectAll('s')
        .where('s.id', '=', id)
        .where('p.user_id', '=', userId)
        .executeTakeFirst();
    },
    settings(projectId: number, tx: Tx = db) {
      return tx.selectFrom('project_previews').selectAll().where('project_id', '=', projectId).executeTakeFirst();
    },
    async saveSettings(row: PreviewSettingsRow, tx: Tx = db) {
      const n = await tx.updateTable('project_previews').set({ theme: row.theme, color: row.color, platform: row.platform, updated_at: row.updated_at }).where('project_id', '=', row.project_id).executeTakeFirst();
      if (Number(n.numUpdatedRows) === 0) await tx.insertInto('project_previews').values(row).execute();
    },
    async insertScreen(row: NewScreenRow, tx: Tx = db): Promise<number> {
      const r = await tx.insertInto('project_screens').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    async updateScreen(id: number, patch: Partial<Omit<ScreenRow, 'id' | 'project_id' | 'user_id'>>, tx: Tx = db) {
      await tx.updateTable('project_screens').set(patch).where('id', '=', id).execute();
    },
    async deleteScreens(ids: number[], tx: Tx = db) {
      if (ids.length) await tx.deleteFrom('project_screens').where('id', 'in', ids).execute();
    },
  };
}
export type PreviewRepo = ReturnType<typeof createPreviewRepo>;
