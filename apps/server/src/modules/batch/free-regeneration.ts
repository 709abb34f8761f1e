import type { ReportItem } from '@mazhu/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { parseJson, type StoredMaterials } from '../projects/projects.presenter';

type Tx = Kysely<Database> | Transaction<Database>;

/**
 * The one free regeneration of a batch row: after its materials were generated with check findings (未通过 or
 * 需注意 items in the report) and the project was edited since, its next generation costs nothing — once per row
 * (`batch_rows.free_regen_job_id` records the job that used it).
 */
export function freeRegenerationDue(row: { free_regen_job_id: number | null }, project: { materials_json: string | null; updated_at: string; generated_at: string | null }): boolean {
  if (row.free_regen_job_id !== null || !project.generated_at || project.updated_at <= project.generated_at) return false;
  const report = parseJson<StoredMaterials | undefined>(project.materials_json, undefined)?.report ?? [];
  return report.some((i: ReportItem) => i.level === 'error' || i.level === 'warning');
}

/** The batch row of a project whose next generation is free (see freeRegenerationDue), read in `tx`. */
export async function freeRegenerationRow(tx: Tx, project: { id: number; materials_json: string | null; updated_at: string; generated_at: string | null }): Promise<number | undefined> {
  const row = await tx.selectFrom('batch_rows').select(['id', 'free_regen_job_id']).where('project_id', '=', project.id).executeTakeFirst();
  return row && freeRegenerationDue(row, project) ? row.id : undefined;
}

/** Records that the row's free regeneration was used by `jobId` (only if still unused: true when this call took it). */
export async function useFreeRegeneration(tx: Tx, rowId: number, jobId: number): Promise<boolean> {
  const r = await tx.updateTable('batch_rows').set({ free_regen_job_id: jobId }).where('id', '=', rowId).where('free_regen_job_id', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
