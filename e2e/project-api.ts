import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { expect } from 'vitest';
import type { Session } from './api';

/** Project set-up through the API, as the wizards save it, for journeys that start from an existing project. */

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the API with a user's session: GET without a body, JSON POST with one, multipart with a FormData. */
export async function api<T>(base: string, s: Session, url: string, body?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = { token: s.token, sessionid: s.sessionId };
  let init: RequestInit = { headers };
  if (body instanceof FormData) init = { method: 'POST', headers, body };
  else if (body !== undefined) init = { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  return (await (await fetch(new URL(url, base), init)).json()) as Envelope<T>;
}

export interface CompleteProject {
  name: string;
  modules: string[];
  /** Folders of this repository whose .ts/.tsx files are uploaded as the project's code (real code, never padded). */
  codeDirs: string[];
  description: string;
  softwareForm?: string;
}

/** A complete project (code of this repository, every form text filled in) made through the API; resolves its id. */
export async function buildCompleteProject(base: string, s: Session, p: CompleteProject): Promise<number> {
  const files: Record<string, Uint8Array> = {};
  for (const rel of p.codeDirs) {
    const dir = path.resolve(import.meta.dirname, '..', rel);
    for (const f of fs.readdirSync(dir)) if (/\.tsx?$/.test(f)) files[`${path.basename(dir)}/${f}`] = fs.readFileSync(path.join(dir, f));
  }
  const form = new FormData();
  form.append('file', new Blob([zipSync(files)]), 'code.zip');
  form.append('fileName', 'code.zip');
  const up = await api<{ uploadId: number }>(base, s, '/api/uploadCodeProject', form);
  expect(up.code, up.msg).toBe(200);
  let main = `本软件包括${p.modules.join('、')}等功能模块。`;
  main += p.modules.map((m, i) => `（${i + 1}）${m}：用户在页面上发起请求后，软件按照预先定义的规则完成${m}相关的处理，并把结果以清晰的文字反馈给用户，出现错误时给出明确的提示。`).join('');
  while (main.length < 620) main += '软件的各项功能相互衔接，使用者按照说明即可完成日常操作，无需额外配置。';
  const res = await api<{ id: number }>(base, s, '/api/addProject', {
    name: p.name,
    version: 'V1.0',
    category: '应用软件',
    platform: 'Web',
    description: p.description,
    uploadId: up.data.uploadId,
    ...(p.softwareForm ? { softwareForm: p.softwareForm } : {}),
    form: {
      completionDate: '2025-06-01',
      purpose: p.description.slice(0, 40),
      domain: '互联网信息服务',
      mainFunctions: main.slice(0, 1200),
      techFeatures: '按模块组织，前后端分离，输入在服务端统一校验',
      devHardware: 'CPU 2.0GHz，内存 8GB，硬盘 256GB',
      runHardware: 'CPU 1.0GHz，内存 2GB',
      devOs: 'Windows 11',
      devTools: 'Visual Studio Code',
      runPlatform: 'Linux',
      runSupport: 'Node.js 20 及以上',
    },
    modules: p.modules.map((m) => ({ name: m, description: `${m}的说明：用户在页面上使用该功能，系统即时给出结果。`, operations: ['打开页面', `完成${m}`, '查看结果'] })),
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
}
