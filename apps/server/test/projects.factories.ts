import fs from 'node:fs';
import path from 'node:path';
import type { ProjectDetails, ProjectInput, WordStatus } from '@mazhu/contracts';
import { zipSync } from 'fflate';
import type { App } from '../src/app';
import { body } from './helper';

type Headers = Record<string, string>;

/** Zips a folder of real code (e.g. one of this repository's own folders) into a Buffer. */
export function zipFolder(dir: string, root = path.basename(dir)): Buffer {
  const entries: Record<string, Uint8Array> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else entries[`${root}/${path.relative(dir, full).split(path.sep).join('/')}`] = fs.readFileSync(full);
    }
  };
  walk(dir);
  return Buffer.from(zipSync(entries));
}

/** A multipart/form-data payload as the web app sends it (FormData → bytes + content-type). */
export async function multipart(fields: Record<string, string | { data: Buffer; name: string }>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.set(k, v);
    else form.set(k, new Blob([v.data]), v.name);
  }
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type') ?? '' };
}

export const SAMPLE_PROJECT: ProjectInput = {
  name: '码著测试管理系统',
  version: 'V1.0',
  category: '应用软件',
  platform: 'Web',
  description: '用于测试的软件，管理内容与账户。',
  form: { completionDate: '2025-06-01', purpose: '测试材料生成流程', domain: '软件服务' },
  modules: [
    { name: '用户登录', description: '账号密码登录与退出', operations: ['输入账号和密码', '点击登录'] },
    { name: '内容管理', description: '公告与常见问题的维护', operations: ['新增公告', '编辑公告'] },
  ],
};

/** Factory: a project created through the API (POST /api/addProject). */
export async function buildProject(app: App, headers: Headers, overrides: Partial<ProjectInput> = {}): Promise<ProjectDetails> {
  const r = body<ProjectDetails>(await app.inject({ method: 'POST', url: '/api/addProject', headers, payload: { ...SAMPLE_PROJECT, ...overrides } }));
  if (r.code !== 200) throw new Error(`addProject: ${r.msg}`);
  return r.data;
}

/** Uploads an archive through POST /api/uploadCodeProject. */
export async function upload(app: App, headers: Headers, data: Buffer, name = 'code.zip') {
  const mp = await multipart({ file: { data, name }, fileName: name });
  return body<{ uploadId: number; analysis: { languages: string[]; sourceLines: number; files: number } }>(
    await app.inject({ method: 'POST', url: '/api/uploadCodeProject', headers: { ...headers, 'content-type': mp.contentType }, payload: mp.payload }),
  );
}

/** Sets a user's balances directly (the recharge feature comes later). */
export async function setBalances(app: App, userId: number, b: { freeTimes?: number; gifted?: number; recharge?: number }) {
  await app.deps.db
    .updateTable('users')
    .set({ ...(b.freeTimes !== undefined ? { free_times: b.freeTimes } : {}), ...(b.gifted !== undefined ? { gifted_points: b.gifted } : {}), ...(b.recharge !== undefined ? { recharge_points: b.recharge } : {}) })
    .where('id', '=', userId)
    .execute();
}

/** Polls GET /api/getProjectWordStatus until the state is succeeded or failed. */
export async function waitForMaterials(app: App, headers: Headers, id: number, timeoutMs = 60_000): Promise<WordStatus> {
  const t0 = Date.now();
  for (;;) {
    const s = body<WordStatus>(await app.inject({ url: `/api/getProjectWordStatus?id=${id}`, headers }));
    if (s.code !== 200) throw new Error(`status: ${s.msg}`);
    if (s.data.state === 'succeeded' || s.data.state === 'failed') return s.data;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timeout waiting for project ${id}: ${JSON.stringify(s.data)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
