import crypto from 'node:crypto';
import { ApiCode, codeProjectPoints, ZCodeSelection, type AddCodeProjectResult, type CodeFiles, type InsufficientBalance, type CodeProjectIntegral, type CodeUpload, type ZAddCodeProjectRequest, type ZSetCodeSelectionRequest } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { sniffArchive, type MaterialsEngine } from '../../jobs/materials';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { readSetting } from '../admin/settings';
import type { BlobStore } from '../../storage';
import { planCharge, readBalances, readIntegralSetting } from '../points/points.service';
import { presentUpload } from '../projects/projects.presenter';
import { createProjectsRepo } from '../projects/projects.repo';
import type { ProjectService } from '../projects/projects.service';

/**
 * Code projects (/code-to-doc-generator, /settings/codeProjectList): upload an archive (analysed at once by the
 * materials engine — 编程语言, 源程序量, files), then create the project from it, which starts the generation.
 */
export function createCodeProjectService(deps: { db: Kysely<Database>; blobs: BlobStore; engine: MaterialsEngine; projects: ProjectService }) {
  const { db, blobs, engine, projects } = deps;
  const repo = createProjectsRepo(db);

  async function pointsFor(lines: number): Promise<number> {
    return codeProjectPoints((await readIntegralSetting(db)).codeProject, lines);
  }

  return {
    async upload(userId: number, file: Buffer, fileName?: string): Promise<CodeUpload> {
      if (file.length === 0) throw badRequest('上传的文件是空的');
      const maxMb = await readSetting<number>(db, 'upload.maxCodeArchiveMb');
      if (file.length > maxMb * 1024 * 1024) throw new AppError(ApiCode.PayloadTooLarge, `代码压缩包不能超过 ${maxMb} MB`);
      const kind = sniffArchive(file);
      if (!kind) throw badRequest('只支持 .zip 或 .tar.gz 格式的代码压缩包');
      let code;
      try {
        code = await engine.intake(file, kind);
      } catch (e) {
        if (e instanceof Error && e.name === 'DocgenError') throw badRequest(e.message);
        throw e;
      }
      const ext = kind === 'zip' ? 'zip' : 'tar.gz';
      const key = `uploads/${userId}/${crypto.randomUUID()}.${ext}`;
      await blobs.put(key, file);
      const name = (fileName ?? '').replace(/[\\/]+/g, '_').trim().slice(0, 200) || `code.${ext}`;
      const id = await repo.insertUpload({
        user_id: userId,
        file_name: name,
        kind,
        size: file.length,
        blob_key: key,
        analysis_json: JSON.stringify({ ...code.analysis, hints: code.hints }),
        selection_json: '{}',
        created_at: nowIso(),
      });
      return presentUpload((await repo.findUpload(id))!);
    },

    /**
     * The upload's files with included/excluded and why, under its stored selection (re-read from the archive, so
     * the list is always what the generation will print).
     */
    async files(userId: number, uploadId: number): Promise<CodeFiles> {
      const u = await repo.findUpload(uploadId);
      if (!u || u.user_id !== userId) throw notFound('上传的代码不存在或无权访问');
      const selection = ZCodeSelection.parse(JSON.parse(u.selection_json || '{}'));
      const code = await engine.intake(await blobs.get(u.blob_key), u.kind, selection);
      return { uploadId, selection, files: code.fileList ?? [], analysis: code.analysis };
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
      let code;
      try {
        code = await engine.intake(await blobs.get(u.blob_key), u.kind, selection);
      } catch (e) {
        if (e instanceof Error && e.name === 'DocgenError') throw badRequest(`按这个选择没有可印入的源代码：${e.message}`);
        throw e;
      }
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('code_uploads').set({ analysis_json: JSON.stringify({ ...code.analysis, hints: code.hints }), selection_json: JSON.stringify(selection) }).where('id', '=', u.id).execute();
        const using = await trx.selectFrom('projects').select(['id', 'form_json']).where('upload_id', '=', u.id).where('user_id', '=', userId).execute();
        for (const p of using) {
          const form = { ...(JSON.parse(p.form_json) as Record<string, unknown>), languages: code.analysis.languages, sourceLines: code.analysis.sourceLines };
          await trx.updateTable('projects').set({ form_json: JSON.stringify(form), updated_at: nowIso() }).where('id', '=', p.id).execute();
        }
      });
      return { uploadId: u.id, selection, files: code.fileList ?? [], analysis: code.analysis };
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
