import {
  maskIdNumber,
  normalizeIdNumber,
  type IdType,
  type OwnerCategory,
  type OwnerDetails,
  type OwnerListItem,
  type Page,
  type ZEditOwnerRequest,
  type ZOwnerInput,
  type ZOwnerListQuery,
} from '@mazhu/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import type { FieldCipher } from '../../lib/field-cipher';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { createOwnersRepo, type OwnerRow } from './owners.repo';

type Tx = Kysely<Database> | Transaction<Database>;
type OwnerInput = z.output<typeof ZOwnerInput>;

/** The owner as the materials need it: every field of the R11 form with the whole 证件号码. */
export interface ProjectOwner {
  id: number;
  name: string;
  category: OwnerCategory;
  nationality: string;
  province?: string;
  city?: string;
  idType: IdType;
  idNumber: string;
}

const NOT_FOUND = '著作权人不存在或无权访问';

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
};

function present(row: OwnerRow & { project_count?: number | null }, cipher: FieldCipher): OwnerListItem & { idNumber: string } {
  const idNumber = cipher.decrypt(row.id_number_enc);
  return {
    id: row.id,
    name: row.name,
    category: row.category as OwnerListItem['category'],
    nationality: row.nationality,
    province: row.province,
    city: row.city,
    idType: row.id_type as OwnerListItem['idType'],
    idNumberMasked: maskIdNumber(idNumber),
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    email: row.email,
    address: row.address,
    projectCount: Number(row.project_count ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    idNumber,
  };
}

const listItem = (row: OwnerRow & { project_count?: number | null }, cipher: FieldCipher): OwnerListItem => {
  const { idNumber: _whole, ...item } = present(row, cipher);
  return item;
};

const toProjectOwner = (row: OwnerRow, cipher: FieldCipher): ProjectOwner => ({
  id: row.id,
  name: row.name,
  category: row.category as ProjectOwner['category'],
  nationality: row.nationality,
  province: row.province || undefined,
  city: row.city || undefined,
  idType: row.id_type as ProjectOwner['idType'],
  idNumber: cipher.decrypt(row.id_number_enc),
});

/**
 * The owners of a project in form order, with whole identity numbers — for the project's own materials
 * (application form, contracts). The caller has already checked the project belongs to the user.
 */
export async function loadProjectOwners(db: Tx, cipher: FieldCipher, projectId: number): Promise<ProjectOwner[]> {
  const rows = await createOwnersRepo(db as Kysely<Database>).ownersOfProject(projectId, db);
  return rows.map((r) => toProjectOwner(r, cipher));
}

/**
 * Finds one of the user's owners by 证件号码 (exact, after normalising) or, without a number, by exact 名称.
 * Returns undefined when none matches; throws 400 when several owners share the name (ask for the number).
 * Used by the Excel import of batch orders and by contracts.
 */
export async function lookupOwner(db: Tx, cipher: FieldCipher, userId: number, q: { name?: string; idNumber?: string }): Promise<OwnerDetails | undefined> {
  const repo = createOwnersRepo(db as Kysely<Database>);
  const idNumber = q.idNumber ? normalizeIdNumber(q.idNumber) : '';
  if (idNumber) {
    const row = await repo.findByHash(userId, cipher.blindIndex(idNumber), db);
    return row ? present({ ...row, project_count: await repo.projectCount(row.id, db) }, cipher) : undefined;
  }
  const name = q.name?.trim();
  if (!name) return undefined;
  const rows = await repo.findByName(userId, name, db);
  if (rows.length > 1) throw badRequest(`有 ${rows.length} 个名为“${name}”的著作权人，请填写证件号码以区分`);
  const row = rows[0];
  return row ? present({ ...row, project_count: await repo.projectCount(row.id, db) }, cipher) : undefined;
}

/**
 * The owner registry (/owner): list, add, edit, details, delete, plus the project ↔ owner links used by the
 * projects module. Identity numbers are encrypted with `cipher` before they reach the database and are masked
 * everywhere but `details` and the project's own materials. Every call is scoped to the signed-in user.
 */
export function createOwnerService(deps: { db: Kysely<Database>; cipher: FieldCipher }) {
  const { db, cipher } = deps;
  const repo = createOwnersRepo(db);

  async function owned(userId: number, id: number, tx: Tx = db): Promise<OwnerRow> {
    const o = await repo.findOwned(id, userId, tx);
    if (!o) throw notFound(NOT_FOUND);
    return o;
  }

  function columns(input: OwnerInput) {
    const idNumber = normalizeIdNumber(input.idNumber);
    return {
      name: input.name,
      category: input.category,
      nationality: input.nationality,
      province: input.province ?? '',
      city: input.city ?? '',
      id_type: input.idType,
      id_number_enc: cipher.encrypt(idNumber),
      id_hash: cipher.blindIndex(idNumber),
      contact_name: input.contactName ?? '',
      contact_phone: input.contactPhone ?? '',
      email: input.email ?? '',
      address: input.address ?? '',
    };
  }

  async function refuseDuplicate(userId: number, idHash: string, exceptId: number | undefined, tx: Tx) {
    const other = await repo.findByHash(userId, idHash, tx);
    if (other && other.id !== exceptId) throw conflict(`该证件号码已登记为著作权人“${other.name}”，无需重复添加`);
  }

  async function details(userId: number, id: number, tx: Tx = db): Promise<OwnerDetails> {
    const o = await owned(userId, id, tx);
    return present({ ...o, project_count: await repo.projectCount(id, tx) }, cipher);
  }

  return {
    details,

    async list(userId: number, q: z.output<typeof ZOwnerListQuery>): Promise<Page<OwnerListItem>> {
      const keyword = q.keyword || undefined;
      const idHash = keyword && /^[0-9A-Za-z]{6,}$/.test(keyword.replace(/\s+/g, '')) ? cipher.blindIndex(normalizeIdNumber(keyword)) : undefined;
      const { rows, total } = await repo.list({ userId, keyword, idHash, category: q.category, page: q.page, pageSize: q.pageSize });
      return { list: rows.map((r) => listItem(r, cipher)), total, page: q.page, pageSize: q.pageSize };
    },

    /** Adds an owner (in `tx` when given, e.g. an import). 409 when the user already has this 证件号码. */
    async add(userId: number, input: OwnerInput, tx?: Transaction<Database>): Promise<OwnerDetails> {
      const cols = columns(input);
      const now = nowIso();
      const run = async (t: Tx) => {
        await refuseDuplicate(userId, cols.id_hash, undefined, t);
        const id = await repo.insert({ user_id: userId, ...cols, created_at: now, updated_at: now }, t);
        return details(userId, id, t);
      };
      try {
        return tx ? await run(tx) : await db.transaction().execute(run);
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('该证件号码已登记为著作权人，无需重复添加');
        throw e;
      }
    },

    async edit(userId: number, input: z.output<typeof ZEditOwnerRequest>): Promise<OwnerDetails> {
      const cols = columns(input);
      try {
        return await db.transaction().execute(async (trx) => {
          await owned(userId, input.id, trx);
          await refuseDuplicate(userId, cols.id_hash, input.id, trx);
          await repo.update(input.id, userId, { ...cols, updated_at: nowIso() }, trx);
          return details(userId, input.id, trx);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('该证件号码已登记为其他著作权人');
        throw e;
      }
    },

    /** Deletes an owner no project uses; otherwise 409 naming the projects. */
    async remove(userId: number, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await owned(userId, id, trx);
        const names = await repo.projectNamesUsing(id, trx);
        if (names.length) {
          const shown = names.slice(0, 5).map((n) => `“${n}”`).join('、');
          throw conflict(`该著作权人正在被项目${shown}${names.length > 5 ? ` 等 ${names.length} 个项目` : ''}使用，请先在项目中移除后再删除`);
        }
        await repo.delete(id, userId, trx);
      });
    },

    lookup: (userId: number, q: { name?: string; idNumber?: string }, tx: Tx = db) => lookupOwner(tx, cipher, userId, q),

    /**
     * Checks that every id is one of the user's owners (404 otherwise: another user's id is "not found") and that
     * none repeats; returns the ids in the given order.
     */
    async assertOwned(userId: number, ownerIds: number[], tx: Tx = db): Promise<number[]> {
      if (new Set(ownerIds).size !== ownerIds.length) throw badRequest('同一著作权人不能重复选择');
      const rows = await repo.listOwnedByIds(userId, ownerIds, tx);
      if (rows.length !== ownerIds.length) throw notFound(NOT_FOUND);
      return ownerIds;
    },

    /** The user's owners `ids` in that order, with whole identity numbers (contract parties); 404 if one is not theirs. */
    async ownedParties(userId: number, ids: number[], tx: Tx = db): Promise<ProjectOwner[]> {
      const rows = await repo.listOwnedByIds(userId, ids, tx);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => {
        const r = byId.get(id);
        if (!r) throw notFound(NOT_FOUND);
        return toProjectOwner(r, cipher);
      });
    },

    /** Replaces a project's owner list (in the caller's transaction); ids must already be checked with assertOwned. */
    setProjectOwners: (projectId: number, ownerIds: number[], tx: Tx = db) => repo.replaceProjectOwners(projectId, ownerIds, tx),
    projectOwnerIds: (projectId: number, tx: Tx = db) => repo.ownerIdsOfProject(projectId, tx),
    /** A project's owners, masked (what the project details show). */
    async projectOwnersMasked(projectId: number, tx: Tx = db): Promise<OwnerListItem[]> {
      return (await repo.ownersOfProject(projectId, tx)).map((r) => listItem(r, cipher));
    },
    projectOwners: (projectId: number, tx: Tx = db) => loadProjectOwners(tx, cipher, projectId),
  };
}
export type OwnerService = ReturnType<typeof createOwnerService>;
