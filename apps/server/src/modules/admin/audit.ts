import type { AuditEntry, AuditQuery, Page } from '@mazhu/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { operatorOf } from './guard';

/** One operator write, as recorded in the audit trail. */
export interface AuditRecord {
  operatorId: number;
  /** Dotted verb: `operator.add`, `user.disable`, `settings.update`, `faq.update`, … */
  action: string;
  /** What was changed: `operator:3`, `user:12`, `faq:7`, `setting:integral.generateProject`. */
  target: string;
  /** State before the change (omit for a creation). Secrets are removed before storing. */
  before?: unknown;
  /** State after the change (omit for a deletion). Secrets are removed before storing. */
  after?: unknown;
  ip?: string | null;
}

/** Keys whose values never reach the trail (passwords, hashes, tokens, keys). */
const SECRET_KEY = /password|passwd|secret|token|hash|api_?key/i;

/**
 * A copy of `value` where the value of every secret-looking key is '***' (objects and arrays, any depth); flags
 * such as `passwordChanged: true` and nulls stay readable.
 */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) && typeof v !== 'boolean' && v !== null ? '***' : redactSecrets(v)]));
  }
  return value;
}

const toJson = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(redactSecrets(v)));

/**
 * Appends one row to the audit trail. Call it with the transaction that makes the write, so the change and its
 * record commit (or roll back) together. The operator's username is copied so the row outlives the operator.
 */
export async function recordAudit(trx: Kysely<Database>, entry: AuditRecord): Promise<void> {
  const op = await trx.selectFrom('operators').select('username').where('id', '=', entry.operatorId).executeTakeFirst();
  await trx
    .insertInto('audit_log')
    .values({
      operator_id: entry.operatorId,
      operator_name: op?.username ?? `#${entry.operatorId}`,
      action: entry.action,
      target: entry.target,
      before_json: toJson(entry.before),
      after_json: toJson(entry.after),
      ip: entry.ip?.slice(0, 64) ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** `{operatorId, ip}` of a guarded request, to spread into an AuditRecord. */
export function auditActor(req: FastifyRequest): { operatorId: number; ip: string } {
  return { operatorId: operatorOf(req).id, ip: req.ip };
}

const parse = (s: string | null): unknown => (s === null ? null : (JSON.parse(s) as unknown));

/** Reads the trail, newest first. Filters: action prefix, operator, target substring, time range. */
export async function listAudit(db: Kysely<Database>, q: AuditQuery): Promise<Page<AuditEntry>> {
  let base = db.selectFrom('audit_log');
  if (q.action) base = base.where('action', 'like', `${q.action.replace(/[%_]/g, '')}%`);
  if (q.operatorId) base = base.where('operator_id', '=', q.operatorId);
  if (q.target) base = base.where('target', 'like', `%${q.target.replace(/[%_]/g, '')}%`);
  if (q.from) base = base.where('created_at', '>=', q.from);
  if (q.to) base = base.where('created_at', '<=', q.to.length <= 10 ? `${q.to}T23:59:59.999Z` : q.to);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      operatorId: r.operator_id,
      operatorName: r.operator_name,
      action: r.action,
      target: r.target,
      before: parse(r.before_json),
      after: parse(r.after_json),
      ip: r.ip,
      createdAt: r.created_at,
    })),
    total: Number(total),
    page: q.page,
    pageSize: q.pageSize,
  };
}
