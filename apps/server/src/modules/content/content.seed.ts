import type { Kysely } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { SEED_AGREEMENTS, SEED_CASES, SEED_CASE_TYPES, SEED_FAQS, SEED_NOTICES, SEED_PLATFORM_TYPES } from './content.seed-data';

/**
 * Seeds the public content on first start, in one transaction. Each table is seeded only while it is empty,
 * so operators' later edits are never overwritten.
 */
export async function seedContent(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const empty = async (table: 'notices' | 'faqs' | 'agreements' | 'case_types' | 'platform_types') =>
      !(await trx.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const now = nowIso();
    if (await empty('notices')) {
      await trx
        .insertInto('notices')
        .values(SEED_NOTICES.map((n, i) => ({ title: n.title, category: n.category, summary: n.summary, content: n.content, source: n.source, published_at: n.publishedAt, sort: i, created_at: now })))
        .execute();
    }
    if (await empty('faqs')) {
      await trx.insertInto('faqs').values(SEED_FAQS.map((f, i) => ({ ...f, sort: i }))).execute();
    }
    if (await empty('agreements')) {
      await trx.insertInto('agreements').values(SEED_AGREEMENTS.map((a) => ({ ...a, updated_at: '2026-10-01T00:00:00.000Z' }))).execute();
    }
    if (await empty('platform_types')) {
      await trx.insertInto('platform_types').values(SEED_PLATFORM_TYPES.map((p, i) => ({ ...p, sort: i }))).execute();
    }
    if (await empty('case_types')) {
      const ids = new Map<string, number>();
      for (const [i, name] of SEED_CASE_TYPES.entries()) {
        const row = await trx.insertInto('case_types').values({ name, sort: i }).returning('id').executeTakeFirstOrThrow();
        ids.set(name, row.id);
      }
      await trx
        .insertInto('cases')
        .values(
          SEED_CASES.map((c, i) => ({
            case_type_id: ids.get(c.type) ?? 1,
            name: c.name,
            version: 'V1.0',
            platform: c.platform,
            summary: c.summary,
            modules: JSON.stringify(c.modules),
            languages: c.languages,
            source_lines: c.sourceLines,
            code_pages: c.codePages,
            manual_pages: c.manualPages,
            cover_color: c.color,
            sort: i,
          })),
        )
        .execute();
    }
  });
}
