import { assessRights, ZRightsDeclaration, type CodeAnalysis, type RightsCheck, type RightsDeclaration } from '@mazhu/contracts';
import type { Kysely, Transaction } from 'kysely';
import { pinyin } from 'pinyin-pro';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Other spellings of an owner's name that code may use for it: a Chinese personal name of 2–4 Han characters in
 * pinyin, family name first and last ("张三" → zhangsan, sanzhang). Other names have none.
 */
export function ownerAliases(name: string): string[] {
  const n = name.trim();
  if (!/^[\u4e00-\u9fff]{2,4}$/.test(n)) return [];
  const syllables = pinyin(n, { toneType: 'none', type: 'array', surname: 'head' });
  if (syllables.length !== n.length) return [];
  const family = syllables[0];
  const given = syllables.slice(1).join('');
  return [family + given, given + family];
}

/** Owners as `assessRights` takes them, with their aliases. */
export const withAliases = (names: string[]) => names.map((name) => ({ name, aliases: ownerAliases(name) }));

/** The aliases of each owner by name (the engine's `ownerAliases`). */
export const aliasesByName = (names: string[]): Record<string, string[]> => Object.fromEntries(names.map((n) => [n, ownerAliases(n)]));

/** The recorded declaration of a project row, or null (none, or unreadable). */
export function readDeclaration(row: { rights_declaration_json?: string | null }): RightsDeclaration | null {
  if (!row.rights_declaration_json) return null;
  try {
    const r = ZRightsDeclaration.safeParse(JSON.parse(row.rights_declaration_json));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** The names of a project's owners in form order. */
export async function projectOwnerNames(db: Db, projectId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('project_owners')
    .innerJoin('owners', 'owners.id', 'project_owners.owner_id')
    .select('owners.name')
    .where('project_owners.project_id', '=', projectId)
    .orderBy('project_owners.sort')
    .execute();
  return rows.map((r) => r.name);
}

/** The names of the given owners of the user (in the given order; another user's owner is left out), or of the whole registry. */
export async function userOwnerNames(db: Db, userId: number, ids?: number[]): Promise<string[]> {
  if (ids && !ids.length) return [];
  let q = db.selectFrom('owners').select(['id', 'name']).where('user_id', '=', userId);
  if (ids) q = q.where('id', 'in', ids);
  const rows = await q.orderBy('id').execute();
  if (!ids) return rows.map((r) => r.name);
  return ids.map((id) => rows.find((r) => r.id === id)?.name).filter((n): n is string => !!n);
}

/**
 * The third-party check of an analysis against owners (names) and a declaration. An analysis stored before signs
 * were recorded (no `rights`) has none to report.
 */
export function rightsOf(analysis: Pick<CodeAnalysis, 'rights'>, owners: string[], declaration: RightsDeclaration | null): RightsCheck {
  return assessRights(analysis.rights ?? [], withAliases(owners), declaration);
}
