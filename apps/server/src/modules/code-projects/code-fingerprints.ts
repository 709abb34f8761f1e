import crypto from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MaterialsEngine } from '../../jobs/materials';
import type { BlobStore } from '../../storage';

/** What identifies the code of an upload: SHA-256 of the archive and SHA-1 of every printed code file (hex). */
export interface CodeFingerprint {
  archive: string;
  files: string[];
}

/**
 * Fingerprints of uploaded code, computed once per upload (the archive read by the engine's intake threads) and
 * kept in `code_fingerprints`. Used by the near-duplicate checks of batches and by corrections (is new code the
 * filed program?). An unreadable archive has no fingerprint (absent from the answer).
 */
export function createCodeFingerprints(deps: { db: Kysely<Database>; blobs: BlobStore; engine: Pick<MaterialsEngine, 'intake'> }) {
  const { db, blobs, engine } = deps;
  return async function fingerprints(uploadIds: number[]): Promise<Map<number, CodeFingerprint>> {
    const ids = [...new Set(uploadIds)];
    const kept = ids.length ? await db.selectFrom('code_fingerprints').selectAll().where('upload_id', 'in', ids).execute() : [];
    const have = new Map(kept.map((f) => [f.upload_id, { archive: f.archive_sha256, files: JSON.parse(f.files_json) as string[] }]));
    for (const id of ids) {
      if (have.has(id)) continue;
      const u = await db.selectFrom('code_uploads').select(['blob_key', 'kind']).where('id', '=', id).executeTakeFirst();
      if (!u) continue;
      await yieldToLoop(); // reading an archive is CPU work: let other requests in between
      try {
        const data = await blobs.get(u.blob_key);
        const archive = crypto.createHash('sha256').update(data).digest('hex');
        const files = (await engine.intake(blobs.localPath?.(u.blob_key) ?? data, u.kind)).fileHashes;
        await db
          .insertInto('code_fingerprints')
          .values({ upload_id: id, archive_sha256: archive, files_json: JSON.stringify(files), created_at: new Date().toISOString() })
          .onConflict((oc) => oc.column('upload_id').doNothing())
          .execute();
        have.set(id, { archive, files });
      } catch {
        // An unreadable archive has no fingerprint; the generation reports the archive itself.
      }
    }
    return have;
  };
}
export type CodeFingerprints = ReturnType<typeof createCodeFingerprints>;

/**
 * Share of the files of `next` whose text is also a file of `filed` (0–1; 0 when `next` has no files): how much of
 * new code is the filed program. Removing files (third-party, generated) keeps it at 1; changing a version string
 * changes only the files holding it; another program shares almost nothing.
 */
export function containedShare(next: string[], filed: string[]): number {
  if (next.length === 0) return 0;
  const kept = new Set(filed);
  return next.filter((h) => kept.has(h)).length / next.length;
}
