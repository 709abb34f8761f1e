import crypto from 'node:crypto';
import { codeProjectPoints, type AddCodeProjectResult, type CodeProjectIntegral, type CodeUpload, type ZAddCodeProjectRequest } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { sniffArchive, type MaterialsEngine } from '../../jobs/materials';
import { badRequest, notFound } from '../../lib/errors';
import type { BlobStore } from '../../storage';
import { insufficient, planCharge, readBalances, readIntegralSetting } from '../points/points.service';
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
        created_at: nowIso(),
      });
      return presentUpload((await repo.findUpload(id))!);
    },

    /** Creates the code project and starts its generation. Not enough balance → 460 and nothing is created. */
    async add(userId: number, input: z.output<typeof ZAddCodeProjectRequest>): Promise<AddCodeProjectResult> {
      const analysis = await projects.ownedAnalysis(userId, input.uploadId);
      const cost = await pointsFor(analysis.sourceLines);
      const balances = await readBalances(db, userId);
      if (!planCharge(balances, cost)) throw insufficient(cost, balances);
      const created = await projects.add(userId, input, 'code');
      const status = await projects.startGeneration(userId, created.id);
      return { ...status, project: await projects.details(userId, created.id) };
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
