import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BlobStore } from '../storage';

/** Uploads never attached to a project are kept this long (the user may still create the project). */
export const UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes code uploads created before `before` (ISO time) that no project and no batch row refers to — their row
 * and their archive — oldest first, at most `limit`; only `userId`'s when given. Each deletion re-checks that
 * nothing refers to the upload, so a project created meanwhile keeps its code. Resolves with the uploads removed.
 */
export async function removeUnusedUploads(
  db: Kysely<Database>,
  blobs: BlobStore,
  opts: { before: string; userId?: number; limit?: number; enough?: (removedBytes: number) => boolean },
): Promise<{ id: number; size: number }[]> {
  let q = db
    .selectFrom('code_uploads as u')
    .select(['u.id', 'u.blob_key', 'u.size'])
    .where('u.created_at', '<', opts.before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('projects as p').select('p.id').whereRef('p.upload_id', '=', 'u.id'))))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('batch_rows as b').select('b.id').whereRef('b.upload_id', '=', 'u.id'))))
    .orderBy('u.created_at')
    .orderBy('u.id')
    .limit(opts.limit ?? 500);
  if (opts.userId !== undefined) q = q.where('u.user_id', '=', opts.userId);
  const removed: { id: number; size: number }[] = [];
  let bytes = 0;
  for (const u of await q.execute()) {
    if (opts.enough?.(bytes)) break;
    const r = await db
      .deleteFrom('code_uploads')
      .where('id', '=', u.id)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('projects').select('projects.id').where('projects.upload_id', '=', u.id))))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('batch_rows').select('batch_rows.id').where('batch_rows.upload_id', '=', u.id))))
      .executeTakeFirst();
    if (Number(r.numDeletedRows) === 1) {
      await blobs.delete(u.blob_key);
      await blobs.delete(`${u.blob_key}.files.json.gz`).catch(() => undefined); // the kept file list (code-projects)
      removed.push({ id: u.id, size: u.size });
      bytes += u.size;
    }
  }
  return removed;
}

/** Deletes unused code uploads (see removeUnusedUploads) older than `retentionMs`. Run by the worker every hour. Returns how many were removed. */
export async function pruneUploads(db: Kysely<Database>, blobs: BlobStore, retentionMs = UPLOAD_RETENTION_MS): Promise<number> {
  const removed = await removeUnusedUploads(db, blobs, { before: new Date(Date.now() - retentionMs).toISOString() });
  return removed.length;
}
