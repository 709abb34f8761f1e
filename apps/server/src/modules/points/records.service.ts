import { LEDGER_KIND_LABELS, type IntegralRecord, type IntegralRecordFilter, type Page } from '@mazhu/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PointsLedgerTable } from '../../db/schema';

type LedgerRow = Selectable<PointsLedgerTable>;

/** The UTC instant of 00:00 China time (UTC+8) of `day` (YYYY-MM-DD), plus `addDays`. */
export function chinaDayStart(day: string, addDays = 0): string {
  const t = Date.parse(`${day}T00:00:00+08:00`) + addDays * 86_400_000;
  return new Date(t).toISOString();
}

/** ISO UTC → "2026-11-23 15:45:01" in China time. */
export const chinaTime = (iso: string): string => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Most rows one CSV export holds (newest first). */
export const EXPORT_MAX_ROWS = 20_000;

/** One CSV cell (RFC 4180 quoting); text that a spreadsheet would run as a formula is prefixed with '. */
function cell(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The points record (积分记录) of one user, read from the append-only ledger: paged, newest first, filtered by
 * kind and by a China-time date range (both ends included), and the same rows as CSV. The reference is the order
 * number of a top-up, the project's name for a generation (or its refund), '' otherwise.
 */
export function createRecordService(db: Kysely<Database>) {
  function filtered(userId: number, f: IntegralRecordFilter) {
    let q = db.selectFrom('points_ledger').where('user_id', '=', userId);
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.from) q = q.where('created_at', '>=', chinaDayStart(f.from));
    if (f.to) q = q.where('created_at', '<', chinaDayStart(f.to, 1));
    return q;
  }

  async function present(rows: LedgerRow[]): Promise<IntegralRecord[]> {
    const jobIds = [...new Set(rows.map((r) => /^job:(\d+)$/.exec(r.ref ?? '')?.[1]).filter((x): x is string => Boolean(x)).map(Number))];
    const jobs = jobIds.length
      ? await db
          .selectFrom('generation_jobs')
          .leftJoin('projects', 'projects.id', 'generation_jobs.ref_id')
          .select(['generation_jobs.id as id', 'projects.name as name', 'projects.version as version'])
          .where('generation_jobs.id', 'in', jobIds)
          .execute()
      : [];
    return rows.map((r) => {
      let reference = '';
      const ref = r.ref ?? '';
      if (ref.startsWith('order:')) reference = ref.slice(6);
      else if (ref.startsWith('job:')) {
        const j = jobs.find((x) => `job:${x.id}` === ref);
        // The project may have been deleted since: its name stays in the reason ("生成软著材料：名称 版本").
        reference = j?.name ? `${j.name} ${j.version ?? ''}`.trim() : (r.reason.split('：')[1] ?? '');
      }
      return { id: r.id, time: r.created_at, kind: r.kind, kindLabel: LEDGER_KIND_LABELS[r.kind], change: r.delta, balanceAfter: r.balance_after, reason: r.reason, reference };
    });
  }

  return {
    async list(userId: number, q: IntegralRecordFilter & { page: number; pageSize: number }): Promise<Page<IntegralRecord>> {
      const [rows, total] = await Promise.all([
        filtered(userId, q).selectAll().orderBy('id', 'desc').limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute(),
        filtered(userId, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: await present(rows), total: Number(total.n), page: q.page, pageSize: q.pageSize };
    },

    /** CSV text (UTF-8 with BOM so Excel reads the Chinese): 时间（北京时间）,类型,变动,变动后余额,原因,关联. */
    async csv(userId: number, f: IntegralRecordFilter): Promise<string> {
      const rows = await present(await filtered(userId, f).selectAll().orderBy('id', 'desc').limit(EXPORT_MAX_ROWS).execute());
      const lines = [['时间（北京时间）', '类型', '变动', '变动后余额', '原因', '关联'].join(',')];
      for (const r of rows) lines.push([chinaTime(r.time), r.kindLabel, r.change, r.balanceAfter, r.reason, r.reference].map(cell).join(','));
      return `\uFEFF${lines.join('\r\n')}\r\n`;
    },
  };
}
