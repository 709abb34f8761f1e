import type { Agreement, CaseType, CommonProblem, Notice, Page, PlatformType, SoftwareCase } from '@mazhu/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { CasesTable, Database, NoticesTable } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** The columns of a notice a list shows (its body is left out). */
const NOTICE_LIST_COLUMNS = ['id', 'title', 'category', 'summary', 'source', 'published_at'] as const;

const presentNotice = (n: Pick<Selectable<NoticesTable>, (typeof NOTICE_LIST_COLUMNS)[number]> & { content?: string }): Notice => ({
  id: n.id,
  title: n.title,
  category: n.category,
  summary: n.summary,
  content: n.content ?? '',
  source: n.source,
  publishedAt: n.published_at,
});

const presentCase = (c: Selectable<CasesTable> & { case_type_name: string }): SoftwareCase => ({
  id: c.id,
  caseTypeId: c.case_type_id,
  caseTypeName: c.case_type_name,
  name: c.name,
  version: c.version,
  platform: c.platform,
  summary: c.summary,
  modules: JSON.parse(c.modules) as string[],
  languages: c.languages,
  sourceLines: c.source_lines,
  pages: { code: c.code_pages, manual: c.manual_pages },
  coverColor: c.cover_color,
});

/** Queries of the public content tables. Lists are ordered by `sort`, then newest first. */
export function createContentRepo(db: Kysely<Database>) {
  return {
    async listNotices(q: { page: number; pageSize: number; category?: string }): Promise<Page<Notice>> {
      let base = db.selectFrom('notices');
      if (q.category) base = base.where('category', '=', q.category);
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .select(NOTICE_LIST_COLUMNS)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return { list: rows.map(presentNotice), total: Number(total), page: q.page, pageSize: q.pageSize };
    },

    async getNotice(id: number): Promise<Notice> {
      const n = await db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
      if (!n) throw notFound('公告不存在或已下线');
      return presentNotice(n);
    },

    async listFaqs(category?: string): Promise<CommonProblem[]> {
      let q = db.selectFrom('faqs').selectAll();
      if (category) q = q.where('category', '=', category);
      const rows = await q.orderBy('sort').orderBy('id').execute();
      return rows.map((f) => ({ id: f.id, category: f.category, question: f.question, answer: f.answer, sort: f.sort }));
    },

    /** The newest published version already in effect (back office), else the seeded text. */
    async getAgreement(type: number): Promise<Agreement> {
      const v = await db
        .selectFrom('agreement_versions')
        .selectAll()
        .where('type', '=', type)
        .where('effective_at', '<=', new Date().toISOString())
        .orderBy('effective_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (v) return { type: v.type, title: v.title, content: v.content, updatedAt: v.effective_at };
      const a = await db.selectFrom('agreements').selectAll().where('type', '=', type).executeTakeFirst();
      if (!a) throw notFound('协议不存在');
      return { type: a.type, title: a.title, content: a.content, updatedAt: a.updated_at };
    },

    async listCaseTypes(): Promise<CaseType[]> {
      return db.selectFrom('case_types').select(['id', 'name', 'sort']).orderBy('sort').orderBy('id').execute();
    },

    async listCases(q: { page: number; pageSize: number; caseTypeId?: number; keyword?: string }): Promise<Page<SoftwareCase>> {
      let base = db.selectFrom('cases').innerJoin('case_types', 'case_types.id', 'cases.case_type_id');
      if (q.caseTypeId) base = base.where('cases.case_type_id', '=', q.caseTypeId);
      if (q.keyword) base = base.where('cases.name', 'like', `%${q.keyword.replace(/[%_]/g, '')}%`);
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll('cases')
        .select('case_types.name as case_type_name')
        .orderBy('cases.sort')
        .orderBy('cases.id')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return { list: rows.map(presentCase), total: Number(total), page: q.page, pageSize: q.pageSize };
    },

    async listPlatformTypes(): Promise<PlatformType[]> {
      return db.selectFrom('platform_types').select(['id', 'name', 'description', 'sort']).orderBy('sort').orderBy('id').execute();
    },
  };
}
