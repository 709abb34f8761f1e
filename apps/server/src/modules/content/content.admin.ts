import type { AgreementVersion, Notice, Page, ZCaseInput, ZCaseTypeInput, ZFaqInput, ZNoticeInput, ZAgreementVersionInput, ZPlatformTypeInput, ContentKind } from '@mazhu/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { recordAudit } from '../admin/audit';
import type { ContentCache } from './content.cache';
import { hasVisibleContent, sanitizeRichText } from './sanitize';

type Actor = { operatorId: number; ip?: string };
type Kind = (typeof ContentKind)[number];

/** ISO text of an operator-given date ('2026-11-01' or a date-time); now when empty; 400 when unreadable. */
function isoOf(value: string | undefined, label: string): string {
  if (!value) return nowIso();
  const d = new Date(value.length === 10 ? `${value}T00:00:00+08:00` : value);
  if (Number.isNaN(d.getTime())) throw badRequest(`${label}格式不正确，请使用 2026-11-01 这样的日期`);
  return d.toISOString();
}

/** `{ sort }` when given (an update without it keeps the order; a new row gets the column default 0). */
const sortOf = (sort: number | undefined): { sort?: number } => (sort === undefined ? {} : { sort });

/** Sanitises rich text and refuses one that is empty once sanitised (e.g. it held only a script). */
function richText(html: string, label: string): string {
  const clean = sanitizeRichText(html);
  if (!hasVisibleContent(clean)) throw badRequest(`${label}不能为空（已移除不允许的标签和脚本）`);
  return clean;
}

/**
 * Writes of the public content (notices, FAQ, agreements, cases, case types, platform types) for the back office.
 * Every write is one transaction with its audit row; rich text is sanitised here, on the server. The public calls
 * read the same tables; notices, which they keep in memory, are announced to `cache` once the write has committed,
 * so a change shows on the site at once.
 */
export function createContentAdmin(db: Kysely<Database>, cache: Pick<ContentCache, 'changed'>) {
  /** Tells the public content cache that `kind` changed, when it keeps that kind. */
  const announce = async (kind: Kind) => {
    if (kind === 'notice') await cache.changed('notice');
  };

  /** Creates (no id) or updates (id) one row in a transaction with its audit row; returns the row's id. */
  async function write(actor: Actor, kind: Kind, id: number | undefined, fn: (trx: Transaction<Database>) => Promise<{ id: number; after: unknown }>, load: (trx: Transaction<Database>, id: number) => Promise<unknown>): Promise<number> {
    const saved = await db.transaction().execute(async (trx) => {
      const before = id ? await load(trx, id) : undefined;
      if (id && !before) throw notFound('内容不存在或已被删除');
      const res = await fn(trx);
      await recordAudit(trx, { ...actor, action: `content.${kind}.${id ? 'update' : 'create'}`, target: `${kind}:${res.id}`, before, after: res.after });
      return res.id;
    });
    await announce(kind);
    return saved;
  }

  const loadNotice = (trx: Transaction<Database>, id: number) => trx.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
  const loadFaq = (trx: Transaction<Database>, id: number) => trx.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
  const loadCase = (trx: Transaction<Database>, id: number) => trx.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirst();
  const loadCaseType = (trx: Transaction<Database>, id: number) => trx.selectFrom('case_types').selectAll().where('id', '=', id).executeTakeFirst();
  const loadPlatformType = (trx: Transaction<Database>, id: number) => trx.selectFrom('platform_types').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    /** Notices with their content (for editing), newest first; `keyword` matches the title. */
    async listNotices(q: { page: number; pageSize: number; keyword?: string }): Promise<Page<Notice & { sort: number }>> {
      let base = db.selectFrom('notices');
      if (q.keyword) base = base.where('title', 'like', `%${q.keyword.replace(/[%_]/g, '')}%`);
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute();
      return {
        list: rows.map((n) => ({ id: n.id, title: n.title, category: n.category, summary: n.summary, content: n.content, source: n.source, publishedAt: n.published_at, sort: n.sort })),
        total: Number(total),
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    saveNotice(actor: Actor, input: z.output<typeof ZNoticeInput>): Promise<number> {
      const values = {
        title: input.title,
        category: input.category,
        summary: input.summary,
        content: richText(input.content, '正文'),
        source: input.source,
        published_at: isoOf(input.publishedAt, '发布日期'),
        ...sortOf(input.sort),
      };
      return write(actor, 'notice', input.id, async (trx) => {
        if (input.id) {
          await trx.updateTable('notices').set(values).where('id', '=', input.id).execute();
          return { id: input.id, after: values };
        }
        const row = await trx.insertInto('notices').values({ ...values, sort: input.sort ?? 0, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
        return { id: row.id, after: values };
      }, loadNotice);
    },

    saveFaq(actor: Actor, input: z.output<typeof ZFaqInput>): Promise<number> {
      const values = { category: input.category, question: input.question, answer: richText(input.answer, '回答'), ...sortOf(input.sort) };
      return write(actor, 'faq', input.id, async (trx) => {
        if (input.id) {
          await trx.updateTable('faqs').set(values).where('id', '=', input.id).execute();
          return { id: input.id, after: values };
        }
        const row = await trx.insertInto('faqs').values({ ...values, sort: input.sort ?? 0 }).returning('id').executeTakeFirstOrThrow();
        return { id: row.id, after: values };
      }, loadFaq);
    },

    saveCase(actor: Actor, input: z.output<typeof ZCaseInput>): Promise<number> {
      const values = {
        case_type_id: input.caseTypeId,
        name: input.name,
        version: input.version,
        platform: input.platform,
        summary: input.summary,
        modules: JSON.stringify(input.modules),
        languages: input.languages,
        source_lines: input.sourceLines,
        code_pages: input.codePages,
        manual_pages: input.manualPages,
        cover_color: input.coverColor,
        ...sortOf(input.sort),
      };
      return write(actor, 'case', input.id, async (trx) => {
        if (!(await loadCaseType(trx, input.caseTypeId))) throw badRequest('案例分类不存在');
        if (input.id) {
          await trx.updateTable('cases').set(values).where('id', '=', input.id).execute();
          return { id: input.id, after: values };
        }
        const row = await trx.insertInto('cases').values({ ...values, sort: input.sort ?? 0 }).returning('id').executeTakeFirstOrThrow();
        return { id: row.id, after: values };
      }, loadCase);
    },

    saveCaseType(actor: Actor, input: z.output<typeof ZCaseTypeInput>): Promise<number> {
      const values = { name: input.name, ...sortOf(input.sort) };
      return write(actor, 'caseType', input.id, async (trx) => {
        if (input.id) {
          await trx.updateTable('case_types').set(values).where('id', '=', input.id).execute();
          return { id: input.id, after: values };
        }
        const row = await trx.insertInto('case_types').values({ ...values, sort: input.sort ?? 0 }).returning('id').executeTakeFirstOrThrow();
        return { id: row.id, after: values };
      }, loadCaseType);
    },

    savePlatformType(actor: Actor, input: z.output<typeof ZPlatformTypeInput>): Promise<number> {
      const values = { name: input.name, description: input.description, ...sortOf(input.sort) };
      return write(actor, 'platformType', input.id, async (trx) => {
        if (input.id) {
          await trx.updateTable('platform_types').set(values).where('id', '=', input.id).execute();
          return { id: input.id, after: values };
        }
        const row = await trx.insertInto('platform_types').values({ ...values, sort: input.sort ?? 0 }).returning('id').executeTakeFirstOrThrow();
        return { id: row.id, after: values };
      }, loadPlatformType);
    },

    /** Versions of an agreement, newest effective first; the seeded text shows as 初始版本 until a version exists. */
    async listAgreementVersions(type: number): Promise<AgreementVersion[]> {
      const now = nowIso();
      const rows = await db.selectFrom('agreement_versions').selectAll().where('type', '=', type).orderBy('effective_at', 'desc').orderBy('id', 'desc').execute();
      const currentId = rows.find((r) => r.effective_at <= now)?.id;
      const list: AgreementVersion[] = rows.map((r) => ({ id: r.id, type: r.type, version: r.version, title: r.title, content: r.content, effectiveAt: r.effective_at, createdAt: r.created_at, current: r.id === currentId }));
      const base = await db.selectFrom('agreements').selectAll().where('type', '=', type).executeTakeFirst();
      if (base) list.push({ id: 0, type, version: '初始版本', title: base.title, content: base.content, effectiveAt: base.updated_at, createdAt: base.updated_at, current: currentId === undefined });
      return list;
    },

    /** Publishes a new version; it shows on the public site from `effectiveAt` (now by default). */
    async publishAgreement(actor: Actor, input: z.output<typeof ZAgreementVersionInput>): Promise<number> {
      const content = richText(input.content, '协议正文');
      const effective = isoOf(input.effectiveAt, '生效日期');
      return db.transaction().execute(async (trx) => {
        const dup = await trx.selectFrom('agreement_versions').select('id').where('type', '=', input.type).where('version', '=', input.version).executeTakeFirst();
        if (dup) throw badRequest(`版本号「${input.version}」已存在`);
        const row = await trx
          .insertInto('agreement_versions')
          .values({ type: input.type, version: input.version, title: input.title, content, effective_at: effective, created_at: nowIso(), created_by: actor.operatorId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { ...actor, action: 'content.agreement.publish', target: `agreement:${input.type}:${input.version}`, after: { type: input.type, version: input.version, title: input.title, effectiveAt: effective, content } });
        return row.id;
      });
    },

    /** Deletes one item. A case type still used by cases, and an agreement version already in effect, stay. */
    async remove(actor: Actor, kind: Kind, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        let before: unknown;
        switch (kind) {
          case 'notice':
            before = await loadNotice(trx, id);
            if (before) await trx.deleteFrom('notices').where('id', '=', id).execute();
            break;
          case 'faq':
            before = await loadFaq(trx, id);
            if (before) await trx.deleteFrom('faqs').where('id', '=', id).execute();
            break;
          case 'case':
            before = await loadCase(trx, id);
            if (before) await trx.deleteFrom('cases').where('id', '=', id).execute();
            break;
          case 'caseType': {
            before = await loadCaseType(trx, id);
            const used = await trx.selectFrom('cases').select('id').where('case_type_id', '=', id).executeTakeFirst();
            if (before && used) throw badRequest('该分类下还有案例，请先移走或删除这些案例');
            if (before) await trx.deleteFrom('case_types').where('id', '=', id).execute();
            break;
          }
          case 'platformType':
            before = await loadPlatformType(trx, id);
            if (before) await trx.deleteFrom('platform_types').where('id', '=', id).execute();
            break;
          case 'agreement': {
            const v = await trx.selectFrom('agreement_versions').selectAll().where('id', '=', id).executeTakeFirst();
            if (v && v.effective_at <= nowIso()) throw badRequest('已生效的协议版本不能删除，请发布新版本');
            before = v;
            if (v) await trx.deleteFrom('agreement_versions').where('id', '=', id).execute();
            break;
          }
        }
        if (!before) throw notFound('内容不存在或已被删除');
        await recordAudit(trx, { ...actor, action: `content.${kind}.delete`, target: `${kind}:${id}`, before });
      });
      await announce(kind);
    },
  };
}
export type ContentAdmin = ReturnType<typeof createContentAdmin>;
