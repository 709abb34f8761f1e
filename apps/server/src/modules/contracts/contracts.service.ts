import { randomUUID } from 'node:crypto';
import {
  ApiCode,
  CONTRACT_TYPE_META,
  contractFileName,
  contractPartyWarnings,
  contractTypesNeeded,
  maskIdNumber,
  SERVICE_PROVIDER_SETTING_KEY,
  type ContractListItem,
  type ContractTemplate,
  type ContractType,
  type Page,
  type ServiceProvider,
  type ZAddContractRequest,
  type ZContractListQuery,
  type ZContractTemplateQuery,
} from '@mazhu/contracts';
import { buildContract, renderContractHtml, type ContractInput, type ContractRef, type PartyKind } from '@mazhu/docgen';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { ContractsTable, Database } from '../../db/schema';
import type { MaterialsEngine } from '../../jobs/materials';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { readStoredSetting } from '../admin/settings';
import type { FieldCipher } from '../../lib/field-cipher';
import type { BlobStore } from '../../storage';
import type { OwnerService, ProjectOwner } from '../owners/owners.service';
import { readForm } from '../projects/projects.presenter';
import { createProjectsRepo } from '../projects/projects.repo';

type Tx = Kysely<Database> | Transaction<Database>;
type ContractRow = Selectable<ContractsTable>;
type ContractParties = ContractInput['parties'];

/** Party kinds of side A and side B per type (docgen's contract model). */
const KINDS: Record<ContractType, { a: PartyKind; b?: PartyKind }> = {
  cooperation: { a: 'developer' },
  commission: { a: 'client', b: 'contractor' },
  transfer: { a: 'assignor', b: 'assignee' },
  service: { a: 'user', b: 'provider' },
};
const NOT_FOUND = '合同不存在或无权访问';
/** The refusal of a 码著服务协议 while the operator's company is not set in the back office. */
export const NO_SERVICE_PROVIDER = '运营方尚未在后台填写服务方的公司名称、统一社会信用代码和地址，暂不能生成码著服务协议，请联系客服';

/** The 乙方 of a 码著服务协议: the operator's company as set in the back office (settings registry). */
const providerParty = (p: ServiceProvider) => ({ kind: 'provider' as const, name: p.name, category: '企业法人', idType: '统一社会信用代码', idNumber: p.creditCode, address: p.address });
const PROVIDER_PLACEHOLDER = { kind: 'provider' as const, name: '【服务方公司名称】', category: '企业法人', idType: '统一社会信用代码', idNumber: '【统一社会信用代码】', address: '【地址】' };

const party = (kind: PartyKind, o: ProjectOwner, mask = false) => ({
  kind,
  name: o.name,
  category: o.category,
  idType: o.idType,
  idNumber: mask ? maskIdNumber(o.idNumber) : o.idNumber,
});
const placeholder = (kind: PartyKind, label: string) => ({ kind, name: `【${label}名称】`, category: '企业法人', idType: '证件号码', idNumber: '【证件号码】' });

/** The stored confirmed warnings of a row (a JSON array of strings; anything else reads as none). */
function parseWarnings(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function present(row: ContractRow): ContractListItem {
  return {
    id: row.id,
    type: row.type as ContractType,
    title: row.title,
    projectId: row.project_id,
    softwareName: row.software_name,
    softwareVersion: row.software_version,
    partyNames: row.party_names ? row.party_names.split('、') : [],
    signDate: row.sign_date,
    createdAt: row.created_at,
    confirmedWarnings: parseWarnings(row.confirmed_warnings),
    pdfUrl: `/api/getContractDownload?id=${row.id}&format=pdf`,
    docxUrl: `/api/getContractDownload?id=${row.id}&format=docx`,
  };
}

/** The stored (decrypted) filled contract of a row. */
const contentOf = (row: ContractRow, cipher: FieldCipher): ContractInput => JSON.parse(cipher.decrypt(row.data_enc)) as ContractInput;

export interface FiledContract {
  ref: ContractRef;
  title: string;
  pdfKey: string;
  docxKey: string;
}

/**
 * The contracts a project's materials need (by 开发方式 / 权利取得方式: contractTypesNeeded), the latest of each
 * type by signing date, with the names and kinds of their parties for the report's ownership rules.
 */
export async function loadFiledContracts(db: Tx, cipher: FieldCipher, projectId: number, form: Parameters<typeof contractTypesNeeded>[0]): Promise<FiledContract[]> {
  const types = contractTypesNeeded(form);
  if (!types.length) return [];
  const rows = await db.selectFrom('contracts').selectAll().where('project_id', '=', projectId).where('type', 'in', types).orderBy('sign_date', 'desc').orderBy('id', 'desc').execute();
  const out: FiledContract[] = [];
  for (const t of types) {
    const row = rows.find((r) => r.type === t);
    if (!row) continue;
    const content = contentOf(row, cipher);
    out.push({
      ref: { type: t, title: row.title, signDate: row.sign_date, parties: content.parties.map((p) => ({ kind: p.kind, name: p.name })) },
      title: row.title,
      pdfKey: row.pdf_key,
      docxKey: row.docx_key,
    });
  }
  return out;
}

/**
 * Contracts (/settings/contract): previews of the four templates, creation from a project and parties of the
 * owner registry (rendered by the materials engine as PDF + DOCX and stored in the blob store, the filled content
 * encrypted in the row), list, download and delete. Every call is scoped to the signed-in user.
 */
export function createContractService(deps: {
  db: Kysely<Database>;
  cipher: FieldCipher;
  blobs: BlobStore;
  engine: Pick<MaterialsEngine, 'renderContract'>;
  owners: Pick<OwnerService, 'ownedParties' | 'projectOwners'>;
}) {
  const { db, cipher, blobs, engine, owners } = deps;
  const projects = createProjectsRepo(db);

  async function ownedProject(userId: number, id: number) {
    const p = await projects.findOwned(id, userId);
    if (!p) throw notFound('项目不存在或无权访问');
    return p;
  }
  /** The operator's company (back-office setting), or undefined while it is not set. */
  const serviceProvider = () => readStoredSetting<ServiceProvider>(db, SERVICE_PROVIDER_SETTING_KEY);
  async function owned(userId: number, id: number): Promise<ContractRow> {
    const c = await db.selectFrom('contracts').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!c) throw notFound(NOT_FOUND);
    return c;
  }

  /** Signing-date rule of the type against the project's 开发完成日期 (cpcc-materials.md; 条例 第十条、第十一条). */
  function checkDate(type: ContractType, signDate: string, completionDate: string | undefined) {
    const meta = CONTRACT_TYPE_META[type];
    if (!meta.dateRule) return;
    if (!completionDate) throw badRequest(`请先在项目中填写开发完成日期：${meta.title}的签订日期须${meta.dateRule === 'before-completion' ? '早于' : '不早于'}开发完成日期`);
    if (meta.dateRule === 'before-completion' && !(signDate < completionDate)) {
      throw badRequest(`${meta.title}的签订日期（${signDate}）须早于开发完成日期（${completionDate}）：合作开发、委托开发的合同应在软件开发完成前签订`);
    }
    if (meta.dateRule === 'after-completion' && signDate < completionDate) {
      throw badRequest(`${meta.title}的签订日期（${signDate}）不能早于开发完成日期（${completionDate}）：转让的软件应已开发完成`);
    }
  }

  return {
    /** The template as HTML; filled from an owned project (and parties, default the project's owners) with masked numbers. */
    async templateHtml(userId: number, q: z.output<typeof ZContractTemplateQuery>): Promise<ContractTemplate> {
      const meta = CONTRACT_TYPE_META[q.type];
      const k = KINDS[q.type];
      let software = { name: '【软件全称】', version: '【版本号】', completionDate: undefined as string | undefined };
      let a: ContractParties = [];
      let b: ContractParties = [];
      let warnings: string[] = [];
      if (q.projectId) {
        const p = await ownedProject(userId, q.projectId);
        const form = readForm(p);
        software = { name: p.name, version: p.version, completionDate: form.completionDate };
        const projectOwners = await owners.projectOwners(p.id);
        const sideA = q.partyA.length ? await owners.ownedParties(userId, q.partyA) : q.type === 'transfer' ? [] : q.type === 'service' ? projectOwners.slice(0, 1) : projectOwners;
        const sideB = q.partyB.length ? await owners.ownedParties(userId, q.partyB) : q.type === 'transfer' ? projectOwners : [];
        a = sideA.map((o) => party(k.a, o, true));
        b = k.b && k.b !== 'provider' ? sideB.map((o) => party(k.b!, o, true)) : [];
        if (q.partyA.length) warnings = contractPartyWarnings(q.type, { ...form, owners: projectOwners }, sideA, k.b === 'provider' ? [] : sideB);
      }
      while (a.length < meta.minSideA) a.push(placeholder(k.a, a.length ? `${meta.sideA}${a.length + 1}` : meta.sideA));
      const provider = k.b === 'provider' ? await serviceProvider() : undefined;
      if (k.b === 'provider') b = [provider ? providerParty(provider) : PROVIDER_PLACEHOLDER];
      else if (k.b && !b.length) b = [placeholder(k.b, meta.sideB!)];
      const doc = buildContract({
        type: q.type,
        software,
        parties: [...a, ...b],
        signDate: q.signDate ?? '',
        signPlace: q.signPlace,
        devStart: q.devStart,
        devEnd: q.devEnd,
        fee: q.fee,
        terms: q.terms,
      });
      return { type: q.type, title: meta.title, html: renderContractHtml(doc), filled: Boolean(q.projectId), warnings, blocked: k.b === 'provider' && !provider ? NO_SERVICE_PROVIDER : null };
    },

    /**
     * Creates a contract: checks the project and every party belong to the user, the signing-date rule, the
     * operator's company for a 码著服务协议 (400 NO_SERVICE_PROVIDER until set) and the parties against the
     * project's owners and 开发方式 (contractPartyWarnings: 409 `{warnings}` unless `confirmWarnings`); renders
     * PDF + DOCX in the materials engine, stores both blobs and the row (content encrypted); marks the project's
     * materials outdated so the next generation puts the contract in the zip.
     */
    async add(userId: number, req: z.output<typeof ZAddContractRequest>): Promise<ContractListItem> {
      const meta = CONTRACT_TYPE_META[req.type];
      const k = KINDS[req.type];
      const p = await ownedProject(userId, req.projectId);
      const form = readForm(p);
      checkDate(req.type, req.signDate, form.completionDate);
      const sideA = await owners.ownedParties(userId, req.partyA);
      const sideB = k.b && k.b !== 'provider' ? await owners.ownedParties(userId, req.partyB) : [];
      let provider: ServiceProvider | undefined;
      if (k.b === 'provider') {
        provider = await serviceProvider();
        if (!provider) throw badRequest(NO_SERVICE_PROVIDER);
      }
      const warnings = contractPartyWarnings(req.type, { ...form, owners: await owners.projectOwners(p.id) }, sideA, sideB);
      if (warnings.length && !req.confirmWarnings) {
        throw new AppError(ApiCode.Conflict, `${meta.title}的当事人与项目不相符，请核对后确认：${warnings.join('；')}`, { warnings });
      }
      const input: ContractInput = {
        type: req.type,
        software: { name: p.name, version: p.version, completionDate: form.completionDate },
        parties: [...sideA.map((o) => party(k.a, o)), ...(provider ? [providerParty(provider)] : sideB.map((o) => party(k.b!, o)))],
        signDate: req.signDate,
        signPlace: req.signPlace,
        devStart: req.devStart,
        devEnd: req.devEnd,
        fee: req.fee,
        terms: req.terms,
      };
      const rendered = await engine.renderContract(input).catch((e: unknown) => {
        if (e instanceof Error && e.name === 'DocgenError') throw badRequest(e.message);
        throw e;
      });
      const base = `contracts/${userId}/${randomUUID()}`;
      const pdfKey = `${base}.pdf`;
      const docxKey = `${base}.docx`;
      await blobs.put(pdfKey, rendered.pdf);
      await blobs.put(docxKey, rendered.docx);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const now = nowIso();
          const inserted = await trx
            .insertInto('contracts')
            .values({
              user_id: userId,
              project_id: p.id,
              type: req.type,
              title: meta.title,
              software_name: p.name,
              software_version: p.version,
              party_names: input.parties.map((x) => x.name).join('、'),
              sign_date: req.signDate,
              data_enc: cipher.encrypt(JSON.stringify(input)),
              pdf_key: pdfKey,
              docx_key: docxKey,
              confirmed_warnings: JSON.stringify(warnings),
              created_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          if (meta.proves) await trx.updateTable('projects').set({ updated_at: now }).where('id', '=', p.id).where('user_id', '=', userId).execute();
          return inserted;
        });
        return present(row);
      } catch (e) {
        await Promise.all([blobs.delete(pdfKey), blobs.delete(docxKey)]);
        throw e;
      }
    },

    async list(userId: number, q: z.output<typeof ZContractListQuery>): Promise<Page<ContractListItem>> {
      let base = db.selectFrom('contracts').where('user_id', '=', userId);
      if (q.projectId) base = base.where('project_id', '=', q.projectId);
      if (q.type) base = base.where('type', '=', q.type);
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return { list: rows.map(present), total: Number(total.n), page: q.page, pageSize: q.pageSize };
    },

    /** The stored PDF or DOCX, for streaming. */
    async openDownload(userId: number, id: number, format: 'pdf' | 'docx') {
      const c = await owned(userId, id);
      const { stream, size } = await blobs.stream(format === 'pdf' ? c.pdf_key : c.docx_key).catch(() => {
        throw new AppError(404, '合同文件已丢失，请重新生成合同');
      });
      return {
        stream,
        size,
        fileName: contractFileName(present(c), format),
        contentType: format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      };
    },

    async remove(userId: number, id: number): Promise<void> {
      const c = await owned(userId, id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('contracts').where('id', '=', id).where('user_id', '=', userId).execute();
        if (c.project_id && CONTRACT_TYPE_META[c.type as ContractType].proves) await trx.updateTable('projects').set({ updated_at: nowIso() }).where('id', '=', c.project_id).where('user_id', '=', userId).execute();
      });
      await Promise.all([blobs.delete(c.pdf_key), blobs.delete(c.docx_key)]);
    },
  };
}
export type ContractService = ReturnType<typeof createContractService>;
