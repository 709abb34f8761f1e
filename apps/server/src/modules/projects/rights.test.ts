import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { FILING_FIELD_LIMITS, type FilingGuide, type ProjectDetails, type RightsCheck, type UserPoints, type WordStatus } from '@mazhu/contracts';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { buildOwner, COMPANY, PERSON } from '../../../test/owners.factories';
import { upload, waitForMaterials } from '../../../test/projects.factories';

/** A well-known public library (BSD licence naming its holder, a GitHub repository, a named contributor), fetched once. */
const PUBLIC_LIB = 'qs@6.13.0';
const CACHE = path.join(os.tmpdir(), 'mazhu-test-npm');
function fetchPublicLib(): Buffer | undefined {
  const file = path.join(CACHE, 'qs-6.13.0.tgz');
  try {
    if (!fs.existsSync(file)) {
      fs.mkdirSync(CACHE, { recursive: true });
      execFileSync('npm', ['pack', PUBLIC_LIB, '--silent'], { cwd: CACHE, stdio: 'ignore', timeout: 60_000 });
    }
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}
const lib = fetchPublicLib();

const pdfToText = (data: Uint8Array) => {
  const f = path.join(os.tmpdir(), `mazhu-guide-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(f, data);
  try {
    return execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(f);
  }
};
const points = async (app: Awaited<ReturnType<typeof buildTestApp>>, headers: Record<string, string>) => body<UserPoints>(await app.inject({ url: '/api/getUserPoints', headers })).data;
const FORM = { completionDate: '2025-05-01' };
type Uploaded = { code: number; msg: string; data: { uploadId: number; rights: RightsCheck } };

describe('someone else’s code is stopped before payment', async () => {
  const app = await buildTestApp();

  it.skipIf(!lib)(`a public library (${PUBLIC_LIB}, fetched with npm pack) is 未通过 at the upload and before charging, and goes on only with the typed declaration`, async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const owner = await buildOwner(app, a.headers, COMPANY);
    const up = (await upload(app, a.headers, lib!, 'qs-6.13.0.tgz')) as unknown as Uploaded;
    expect(up.code, up.msg).toBe(200);
    // At the upload: 未通过, naming the licence holder and the public repository, with the rule.
    expect(up.data.rights.state).toBe('flagged');
    const names = up.data.rights.foreign.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Nathan LaFreniere and other contributors', 'github.com/ljharb/qs']));
    expect(up.data.rights.message).toContain('只有软件的著作权人');

    // Generating: refused with a Chinese message; the project stays a draft and nothing is charged.
    const before = await points(app, a.headers);
    const add = body<{ projectId: number; rights: RightsCheck }>(
      await app.inject({ method: 'POST', url: '/api/addCodeProject', headers: a.headers, payload: { uploadId: up.data.uploadId, name: '查询字符串解析系统', version: 'V1.0', form: { ...FORM, ownerIds: [owner.id] } } }),
    );
    expect(add.code).toBe(403);
    expect(add.msg).toMatch(/^未通过：代码中有他人的版权、署名或公开项目信息/);
    const id = add.data.projectId;
    const again = body(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id } }));
    expect(again.code).toBe(403);
    expect(again.msg).toContain('本人确认码著科技有限公司对本软件享有著作权');
    expect(await points(app, a.headers)).toEqual(before);
    const d = body<ProjectDetails>(await app.inject({ url: `/api/getProjectDetails?id=${id}`, headers: a.headers })).data;
    expect(d.status).toBe('draft');
    expect(d.rights?.state).toBe('flagged');
    const jobs = await app.deps.db.selectFrom('generation_jobs').select('id').where('ref_id', '=', id).execute();
    expect(jobs).toHaveLength(0);

    // A declaration without the sentence naming the owner is refused; another user cannot declare.
    const wrong = body(await app.inject({ method: 'POST', url: '/api/declareCodeRights', headers: a.headers, payload: { id, text: '我保证这是我的代码' } }));
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toContain('声明须包含这句话：“本人确认码著科技有限公司对本软件享有著作权”');
    const b = await buildUser(app);
    const foreign = body(await app.inject({ method: 'POST', url: '/api/declareCodeRights', headers: b.headers, payload: { id, text: '本人确认码著科技有限公司对本软件享有著作权' } }));
    expect(foreign.code).toBe(404);

    const text = '本人确认码著科技有限公司对本软件享有著作权。qs 的代码由我公司员工改写。';
    const declared = body<RightsCheck>(await app.inject({ method: 'POST', url: '/api/declareCodeRights', headers: a.headers, payload: { id, text } }));
    expect(declared.code, declared.msg).toBe(200);
    expect(declared.data.state).toBe('declared');
    expect(declared.data.declaration?.text).toBe(text);
    expect(Date.parse(declared.data.declaration!.declaredAt)).toBeGreaterThan(Date.now() - 60_000);

    const go = body<WordStatus>(await app.inject({ method: 'POST', url: '/api/generateProjectWord', headers: a.headers, payload: { id } }));
    expect(go.code, go.msg).toBe(200);
    const done = await waitForMaterials(app, a.headers, id);
    expect(done.state, done.message).toBe('succeeded');
    expect((await points(app, a.headers)).freeTimes).toBe(before.freeTimes - 1);
    // The report: the foreign names stay 需注意 and the declaration is printed with its time.
    expect(done.report?.find((r) => r.code === 'THIRD_PARTY_CODE')?.level).toBe('warning');
    const decl = done.report?.find((r) => r.code === 'RIGHTS_DECLARATION');
    expect(decl?.level).toBe('info');
    expect(decl?.message).toContain(text);
    const zip = unzipSync(new Uint8Array((await app.inject({ url: `/api/getProjectWordDownload?id=${id}`, headers: a.headers })).rawPayload));
    const report = new TextDecoder().decode(Object.entries(zip).find(([k]) => k.endsWith('检查报告.txt'))![1]);
    expect(report).toContain(`用户声明：“${text}”`);
    expect(report).toContain(declared.data.declaration!.declaredAt.replace('T', ' ').slice(0, 19));
  }, 180_000);

  it('code of the user’s own (MIT licence, @author lines and package author naming the owner, also in pinyin) is not flagged', async () => {
    const a = await buildUser(app, { freeTimes: 1 });
    const owner = await buildOwner(app, a.headers, PERSON);
    const src = (n: number) => `/**\n * 仓库模块 ${n}\n * @author ${n % 2 ? '张三' : 'zhangsan'}\n */\nexport function stock${n}(items: number[]): number {\n  return items.reduce((s, x) => s + x * ${n}, 0);\n}\n`;
    const zip = zipSync({
      'warehouse/LICENSE': strToU8('MIT License\n\nCopyright (c) 2025 张三\n\nPermission is hereby granted, free of charge, to any person obtaining a copy\n'),
      'warehouse/package.json': strToU8(JSON.stringify({ name: 'warehouse-admin', version: '1.0.0', author: '张三 <zhangsan@example.com>', license: 'MIT' })),
      'warehouse/src/main.ts': strToU8(`import { stock1 } from './stock1';\nexport function main() {\n  return stock1([1, 2, 3]);\n}\n`),
      ...Object.fromEntries([1, 2, 3, 4].map((n) => [`warehouse/src/stock${n}.ts`, strToU8(src(n))])),
    });
    const up = (await upload(app, a.headers, Buffer.from(zip), 'warehouse.zip')) as unknown as Uploaded;
    expect(up.code, up.msg).toBe(200);
    expect(up.data.rights.state).toBe('clear');
    expect(up.data.rights.own.map((s) => s.name)).toEqual(expect.arrayContaining(['张三', 'zhangsan']));
    const add = body<WordStatus & { project: ProjectDetails }>(
      await app.inject({ method: 'POST', url: '/api/addCodeProject', headers: a.headers, payload: { uploadId: up.data.uploadId, name: '仓库库存管理系统', version: 'V1.0', form: { ...FORM, ownerIds: [owner.id] } } }),
    );
    expect(add.code, add.msg).toBe(200);
    const done = await waitForMaterials(app, a.headers, add.data.project.id);
    expect(done.state, done.message).toBe('succeeded');
    const item = done.report?.find((r) => r.code === 'THIRD_PARTY_CODE');
    expect(item?.level).toBe('info');
    expect(item?.message).toContain('均指向著作权人');
    expect(done.report?.some((r) => r.code === 'RIGHTS_DECLARATION')).toBe(false);

    // The filing assistant: every field of the online form in order with its limit, the 签章页 and the pledge.
    const guide = body<FilingGuide>(await app.inject({ url: `/api/getFilingGuide?id=${add.data.project.id}`, headers: a.headers }));
    expect(guide.code, guide.msg).toBe(200);
    const labels = guide.data.fields.map((f) => f.label);
    expect(labels.slice(0, 4)).toEqual(['软件全称', '软件简称', '版本号', '软件分类']);
    for (const l of Object.keys(FILING_FIELD_LIMITS)) expect(labels, l).toContain(l);
    expect(labels.indexOf('开发完成日期')).toBeLessThan(labels.indexOf('著作权人'));
    expect(labels.indexOf('编程语言')).toBeLessThan(labels.indexOf('软件的主要功能'));
    expect(guide.data.uploads.map((u) => u.slot)).toEqual(['程序鉴别材料', '文档鉴别材料', '申请确认签章页']);
    expect(guide.data.signing.signers).toEqual([{ owner: '张三', category: '自然人', how: expect.stringContaining('本人手写签名') }]);

    const files = unzipSync(new Uint8Array((await app.inject({ url: `/api/getProjectWordDownload?id=${add.data.project.id}`, headers: a.headers })).rawPayload));
    const pdf = Object.entries(files).find(([k]) => k.endsWith('申报指南.pdf'));
    expect(pdf?.[0]).toBe('仓库库存管理系统_V1.0_申报指南.pdf');
    const text = pdfToText(pdf![1]);
    const flat = text.replace(/\s+/g, '');
    // Fields in the portal's order, each limited one with its count against the limit.
    let at = -1;
    for (const l of ['软件全称', '版本号', '开发完成日期', '著作权人', '开发的硬件环境', '编程语言', '源程序量', '开发目的', '软件的主要功能', '软件的技术特点']) {
      const i = flat.indexOf(l, at + 1);
      expect(i, l).toBeGreaterThan(at);
      at = i;
    }
    expect(flat).toMatch(/\d+\/50字/);
    expect(flat).toMatch(/\d+\/120字/);
    expect(flat).toMatch(/\d+\/1300字/);
    expect(flat).toMatch(/\d+\/100字/);
    expect(flat).toContain('确系人的独立开发，未使用AI开发编写代码、撰写文档或生成登记申请材料');
    expect(flat).toContain('据公开报道');
    expect(flat).toContain('张三（自然人）：本人手写签名');
    expect(flat).toContain('仓库库存管理系统_V1.0_源程序.pdf');
    expect(flat).toContain('流水号');
    expect(flat).toContain('30日内答复');
  }, 180_000);
});
