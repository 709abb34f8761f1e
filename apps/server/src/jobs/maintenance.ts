import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BlobStore } from '../storage';

/** Uploads never attached to a project are kept this long (the user may still create the project). */
export const UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes code uploads older than `retentionMs` that no project refers to (their row and their archive).
 * Run by the worker every hour. Returns how many were removed.
 */
export async function pruneUploads(db: Kysely<Database>, blobs: BlobStore, retentionMs = UPLOAD_RETENTION_MS): Promise<number> {
  const before = new Date(Date.now() - retentionMs).toISOString();
  const stale = await db
    .selectFrom('code_uploads as u')
    .select(['u.id', 'u.blob_key'])
    .where('u.created_at', '<', before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('projects as p').select('p.id').whereRef('p.upload_id', '=', 'u.id'))))
    .limit(500)
    .execute();
  let n = 0;
  for (const u of stale) {
    const r = await db
      .deleteFrom('code_uploads')
      .where('id', '=', u.id)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('projects').select('projects.id').where('projects.upload_id', '=', u.id))))
      .executeTakeFirst();
    if (Number(r.numDeletedRows) === 1) {
      await blobs.delete(u.blob_key);
      n++;
    }
  }
  return n;
}
