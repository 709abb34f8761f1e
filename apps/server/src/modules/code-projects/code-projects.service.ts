import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { ApiCode, codeProjectPoints, ZCodeSelection, type CodeSelection, type AddCodeProjectResult, type CodeFiles, type InsufficientBalance, type CodeProjectIntegral, type CodeUpload, type ZAddCodeProjectRequest, type ZSetCodeSelectionRequest } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { DocgenError } from '@mazhu/docgen';
import { IntakeLimitError } from '../../jobs/intake-pool';
import { removeUnusedUploads } from '../../jobs/maintenance';
import { sniffArchive, type IntakenCode, type MaterialsEngine } from '../../jobs/materials';
import type { SpooledFile } from '../../lib/spool';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { userSlots } from '../../lib/user-slots';
import { readSetting } from '../admin/settings';
import type { BlobStore } from '../../storage';
import { planCharge, readBalances, readIntegralSetting } from '../points/points.service';
import { presentUpload } from '../projects/projects.presenter';
import { createProjectsRepo } from '../projects/projects.repo';
import { rightsOf, userOwnerNames } from '../projects/rights';
import type { ProjectService } from '../projects/projects.service';
import { refreshProjectOrigins } from '../origins/origins.service';

/** A user's uploads being received or analysed at once (more are refused with 429 before their body is read). */
export const MAX_UPLOADS_AT_ONCE = 3;
/** Stored code archives per user when the deployment sets none (UPLOAD_QUOTA_MB). */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 300 * 1024 * 1024;
/** An unused upload younger than this is never removed to make room (the user may be creating its project). */
export const UNUSED_UPLOAD_GRACE_MS = 10 * 60 * 1000;
/** Re-analyses of stored uploads (file list, new selection) one user may have running at once. */
export const ANALYSES_AT_ONCE = 2;
/** Where the file list of an upload's current selection is kept beside its archive. */
export const keptFilesKey = (blobKey: string) => `${blobKey}.files.json.gz`;

/**
 * The file list (every file with 印入 / 排除 and why) kept for an upload under the selection `selectionJson` (its
 * `selection_json`), or undefined when none was kept for that selection.
 */
export async function readKeptFiles(blobs: BlobStore, blobKey: string, selectionJson: string): Promise<CodeFiles['files'] | undefined> {
  try {
    const kept = JSON.parse(zlib.gunzipSync(await blobs.get(keptFilesKey(blobKey))).toString('utf8')) as { selection: string; files: CodeFiles['files'] };
    return kept.selection === selectionJson ? kept.files : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs the engine's analysis of an archive and turns its refusals into envelopes: DocgenError → 400 (413 for
 * ARCHIVE_TOO_LARGE) with its Chinese message after `prefix`; the intake threads' limits → 413 (memory) or 503
 * (queue full).
 */
async function analyse(engine: MaterialsEngine, archive: string | Uint8Array, kind: 'zip' | 'tar.gz', selection?: CodeSelection, prefix = ''): Promise<IntakenCode> {
  try {
    return await engine.intake(archive, kind, selection);
  } catch (e) {
    if (e instanceof DocgenError) throw new AppError(e.code === 'ARCHIVE_TOO_LARGE' ? ApiCode.PayloadTooLarge : ApiCode.BadRequest, `${prefix}${e.message}`);
    if (e instanceof IntakeLimitError) throw new AppError(e.reason === 'memory' ? ApiCode.PayloadTooLarge : ApiCode.Busy, e.message);
    throw e;
  }
}

/**
 * Code projects (/code-to-doc-generator, /settings/codeProjectList): upload an archive (analysed at once by the
 * materials engine — 编程语言, 源程序量, files), then create the project from it, which starts the generation.
 */
export function createCodeProjectService(deps: { db: Kysely<Database>; blobs: BlobStore; engine: MaterialsEngine; projects: ProjectService; uploadQuotaBytes?: number }) {
  const { db, blobs, engine, projects } = deps;
  const quota = deps.uploadQuotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES;
  const repo = createProjectsRepo(db);
  /** Uploads of each user being received or analysed now (this process). */
  const inFlight = new Map<number, number>();
  /** Re-analyses (file lists not kept, new selections) of one user at once. */
  const analyses = userSlots(ANALYSES_AT_ONCE, `您已有 ${ANALYSES_AT_ONCE} 个代码分析正在进行，请等它们完成后再试`);

  /** The file list of an upload under a selection, kept beside its archive once computed (`<blob>.files.json.gz`). */
  const keptFiles = (blobKey: string, selectionJson: string) => readKeptFiles(blobs, blobKey, selectionJson);
  const keepFiles = (blobKey: string, selectionJson: string, files: CodeFiles['files'] | undefined) =>
    blobs.put(keptFilesKey(blobKey), zlib.gzipSync(JSON.stringify({ selection: selectionJson, files: files ?? [] })));

  async function pointsFor(lines: number): Promise<number> {
    return codeProjectPoints((await readIntegralSetting(db)).codeProject, lines);
  }

  /** The archive of a stored upload for the analysis threads: its path on this machine, else its bytes. */
  async function archiveOf(blobKey: string): Promise<string | Buffer> {
    return blobs.localPath?.(blobKey) ?? (await blobs.get(blobKey));
  }

  /**
   * Makes room for `need` more bytes under the user's quota: removes the user's oldest uploads that no project or
   * batch row uses and that are older than UNUSED_UPLOAD_GRACE_MS; refuses (413) when that is not enough.
   */
  async function makeRoom(userId: number, need: number): Promise<void> {
    const mb = (n: number) => Math.ceil(n / 1024 / 1024);
    const row = await db.selectFrom('code_uploads').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used')).where('user_id', '=', userId).executeTakeFirst();
    let used = Number(row?.used ?? 0);
    if (used + need <= quota) return;
    const before = new Date(Date.now() - UNUSED_UPLOAD_GRACE_MS).toISOString();
    const removed = await removeUnusedUploads(db, blobs, { userId, before, enough: (freed) => used - freed + need <= quota });
    used -= removed.reduce((n, r) => n + r.size, 0);
    if (used + need > quota) {
      throw new AppError(ApiCode.PayloadTooLarge, `你保存的代码压缩包共 ${mb(used)} MB，再加上这个会超过每个账号 ${mb(quota)} MB 的上限；请删除不再需要的代码项目后再上传`);
    }
  }

  return {
    /** The largest code archive accepted now, in bytes (operator setting `upload.maxCodeArchiveMb`). */
    maxArchiveBytes: async (): Promise<number> => (await readSetting<number>(db, 'upload.maxCodeArchiveMb')) * 1024 * 1024,

    /**
     * Reserves one of the user's MAX_UPLOADS_AT_ONCE upload places before the body is read; returns its release
     * (idempotent). Throws 429 when the user already has that many uploads in flight.
     */
    reserveUpload(userId: number): () => void {
      const n = inFlight.get(userId) ?? 0;
      if (n >= MAX_UPLOADS_AT_ONCE) throw new AppError(ApiCode.TooManyRequests, `你已有 ${n} 个代码压缩包正在上传或分析，请等它们完成后再上传`);
      inFlight.set(userId, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(userId) ?? 1) - 1;
        if (left > 0) inFlight.set(userId, left);
        else inFlight.delete(userId);
      };
    },

    /**
     * Stores and analyses an uploaded archive (already on disk, see SpooledFile): kind sniffed from its first bytes,
     * room made under the user's quota, the analysis run in the engine's intake threads, then the file moved into
     * the blob store. Errors: 400 empty / not an archive / refused by the engine (its Chinese reason), 413 too
     * large or over the quota, 503 when the analysis queue is full.
     */
    async upload(userId: number, file: SpooledFile, fileName?: string): Promise<CodeUpload> {
      if (file.size === 0) throw badRequest('上传的文件是空的');
      const kind = sniffArchive(file.head);
      if (!kind) throw badRequest('只支持 .zip 或 .tar.gz 格式的代码压缩包');
      await makeRoom(userId, file.size);
      const code = await analyse(engine, file.path, kind);
      const ext = kind === 'zip' ? 'zip' : 'tar.gz';
      const key = `uploads/${userId}/${crypto.randomUUID()}.${ext}`;
      await blobs.putFile(key, file.path);
      const name = (fileName ?? file.filename ?? '').replace(/[\\/]+/g, '_').trim().slice(0, 200) || `code.${ext}`;
      await keepFiles(key, '{}', code.fileList);
      const id = await repo.insertUpload({
        user_id: userId,
        file_name: name,
        kind,
        size: file.size,
        blob_key: key,
        analysis_json: JSON.stringify({ ...code.analysis, hints: code.hints }),
        selection_json: '{}',
        created_at: nowIso(),
      });
      const answer = presentUpload((await repo.findUpload(id))!);
      return { ...answer, rights: rightsOf(answer.analysis, await userOwnerNames(db, userId), null) };
    },

    /**
     * The upload's files with included/excluded and why, under its stored selection: the list kept when the upload
     * or its selection was analysed (the same analysis the generation prints from), else read from the archive once
     * and kept. 429 when the user already has ANALYSES_AT_ONCE re-analyses running.
     */
    async files(userId: number, uploadId: number): Promise<CodeFiles> {
      const u = await repo.findUpload(uploadId);
      if (!u || u.user_id !== userId) throw notFound('上传的代码不存在或无权访问');
      const selectionJson = u.selection_json || '{}';
      const selection = ZCodeSelection.parse(JSON.parse(selectionJson));
      const kept = await keptFiles(u.blob_key, selectionJson);
      if (kept) {
        const analysis = presentUpload(u).analysis;
        return { uploadId, selection, files: kept, analysis, rights: rightsOf(analysis, await userOwnerNames(db, userId), null) };
      }
      const code = await analyses.run(userId, async () => analyse(engine, await archiveOf(u.blob_key), u.kind, selection));
      await keepFiles(u.blob_key, selectionJson, code.fileList);
      return { uploadId, selection, files: code.fileList ?? [], analysis: code.analysis, rights: rightsOf(code.analysis, await userOwnerNames(db, userId), null) };
    },

    /**
     * Changes the selection of an upload (include/exclude patterns), re-reads the archive and stores the new analysis:
     * 源程序量, 编程语言 and the page count follow the selection exactly. Projects using this upload take the new
     * 编程语言 and 源程序量 at once. An empty result (every file excluded) is refused.
     */
    async setSelection(userId: number, input: z.output<typeof ZSetCodeSelectionRequest>): Promise<CodeFiles> {
      const u = await repo.findUpload(input.uploadId);
      if (!u || u.user_id !== userId) throw notFound('上传的代码不存在或无权访问');
      const selection = { include: input.include, exclude: input.exclude };
      const code = await analyses.run(userId, async () => analyse(engine, await archiveOf(u.blob_key), u.kind, selection, '按这个选择没有可印入的源代码：'));
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('code_uploads').set({ analysis_json: JSON.stringify({ ...code.analysis, hints: code.hints }), selection_json: JSON.stringify(selection) }).where('id', '=', u.id).execute();
        const using = await trx.selectFrom('projects').select(['id', 'form_json']).where('upload_id', '=', u.id).where('user_id', '=', userId).execute();
        for (const p of using) {
          const form = { ...(JSON.parse(p.form_json) as Record<string, unknown>), languages: code.analysis.languages, sourceLines: code.analysis.sourceLines };
          await trx.updateTable('projects').set({ form_json: JSON.stringify(form), updated_at: nowIso() }).where('id', '=', p.id).execute();
          await refreshProjectOrigins(trx, p.id);
        }
      });
      await keepFiles(u.blob_key, JSON.stringify(selection), code.fileList);
      return { uploadId: u.id, selection, files: code.fileList ?? [], analysis: code.analysis, rights: rightsOf(code.analysis, await userOwnerNames(db, userId), null) };
    },

    /**
     * Creates the code project and starts its generation. Not enough balance → 460, and the project stays as a
     * draft with everything entered (`data.projectId`), to be generated after recharging.
     */
    async add(userId: number, input: z.output<typeof ZAddCodeProjectRequest>): Promise<AddCodeProjectResult> {
      await projects.ownedAnalysis(userId, input.uploadId);
      const created = await projects.add(userId, input, 'code');
      if (input.draft) return { ...(await projects.wordStatus(userId, created.id)), project: created };
      try {
        const status = await projects.startGeneration(userId, created.id);
        return { ...status, project: await projects.details(userId, created.id) };
      } catch (e) {
        if (e instanceof AppError && e.code === ApiCode.InsufficientBalance) {
          throw new AppError(e.code, e.message, { ...(e.data as InsufficientBalance), projectId: created.id } satisfies InsufficientBalance);
        }
        // Code naming others: the project stays a draft (nothing charged) to be declared or trimmed, then generated.
        if (e instanceof AppError && e.code === ApiCode.Forbidden) throw new AppError(e.code, e.message, { ...(e.data as object), projectId: created.id });
        throw e;
      }
    },

    async integral(userId: number, q: { id?: number; uploadId?: number }): Promise<CodeProjectIntegral> {
      let lines: number;
      if (q.id) {
        const d = await projects.details(userId, q.id);
        if (d.source !== 'code') throw notFound('项目不存在或无权访问');
        lines = d.sourceLines;
      } else {
        lines = (await projects.ownedAnalysis(userId, q.uploadId!)).sourceLines;
      }
      const points = await pointsFor(lines);
      const b = await readBalances(db, userId);
      const plan = planCharge(b, points);
      return {
        points,
        sourceLines: lines,
        freeTimes: b.freeTimes,
        giftedPoints: b.giftedPoints,
        rechargePoints: b.rechargePoints,
        payWith: !plan ? 'insufficient' : plan.freeTimes ? 'free_times' : 'points',
        enough: Boolean(plan),
      };
    },
  };
}
export type CodeProjectService = ReturnType<typeof createCodeProjectService>;
