import fs from 'node:fs';
import path from 'node:path';
import type { OwnerDetails, OwnerListItem, Page, ProjectDetails } from '@mazhu/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { body, buildTestApp, buildUser } from '../../../test/helper';
import { COMPANY, PERSON } from '../../../test/owners.factories';
import { SAMPLE_PROJECT, buildProject } from '../../../test/projects.factories';
import { loadConfig } from '../../config';
import { createFieldCipher, parseEncryptionKey } from '../../lib/field-cipher';
import { lookupOwner } from './owners.service';


describe('owner registry API', async () => {
  const app = await buildTestApp();
  const post = (url: string, headers: Record<string, string>, payload: unknown) => app.inject({ method: 'POST', url, headers, payload: payload as object }).then(body);
  const get = (url: string, headers: Record<string, string>) => app.inject({ url, headers }).then(body);

  it('needs sign-in', async () => {
    expect((await post('/api/getIntellectualList', {}, {})).code).toBe(302);
    expect((await post('/api/addIntellectual', {}, PERSON)).code).toBe(302);
  });

  it('checks identity numbers and says which rule failed', async () => {
    const a = await buildUser(app);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...PERSON, idNumber: '110105194912310021' }, '参数「证件号码（idNumber）」有误：居民身份证号码校验位不符（GB 11643-1999 第 18 位校验码），请核对号码是否输错'],
      [{ ...COMPANY, idNumber: '91350100M000100Y44' }, '统一社会信用代码校验位不符（GB 32100-2015 第 18 位校验码），请核对是否输错'],
      [{ ...COMPANY, idType: '居民身份证', idNumber: PERSON.idNumber }, '国籍为中国的企业法人应使用统一社会信用代码'],
      [{ ...PERSON, idType: '统一社会信用代码', idNumber: COMPANY.idNumber }, /自然人的证件类型应为/],
      [{ ...PERSON, category: '个体户' }, /请选择著作权人类别/],
      [{ ...PERSON, name: ' ' }, '请输入著作权人名称'],
      [{ ...PERSON, city: '' }, '国籍为中国的著作权人请填写城市'],
    ];
    for (const [payload, msg] of cases) {
      const r = await post('/api/addIntellectual', a.headers, payload);
      expect(r.code, JSON.stringify(payload)).toBe(400);
      expect(r.msg).toMatch(msg);
    }
    const list = await post('/api/getIntellectualList', a.headers, {});
    expect((list.data as Page<OwnerListItem>).total).toBe(0);
  });

  it('names the field as this route calls it: 「类别」 on an owner, 「软件分类」 on a project', async () => {
    const a = await buildUser(app);
    const owner = await post('/api/addIntellectual', a.headers, { ...PERSON, category: '个体户' });
    expect(owner.msg).toBe('参数「类别（category）」有误：请选择著作权人类别（自然人、企业法人、机关法人、事业单位法人、社会团体法人或其他组织）');
    const phone = await post('/api/addIntellectual', a.headers, { ...PERSON, contactPhone: '1'.repeat(31) });
    expect(phone.msg).toBe('参数「联系电话（contactPhone）」有误：联系电话不能超过 30 个字符');
    const edit = await post('/api/editIntellectual', a.headers, { ...PERSON, id: 'x' });
    expect(edit.msg).toMatch(/^参数「著作权人编号（id）」有误：/);
    const filter = await post('/api/getIntellectualList', a.headers, { category: '个体户' });
    expect(filter.msg).toBe('参数「类别（category）」有误：著作权人类别无效');
    const project = await post('/api/addProject', a.headers, { ...SAMPLE_PROJECT, category: '游戏' });
    expect(project.msg).toBe('参数「软件分类（category）」有误：软件分类只能是 应用软件、嵌入式软件、中间件 或 操作系统');
  });

  it('adds, lists masked, shows whole on details, edits and deletes', async () => {
    const a = await buildUser(app);
    const added = await post('/api/addIntellectual', a.headers, { ...PERSON, idNumber: '110105 19491231002x', contactPhone: '13800000000' });
    expect(added.code, added.msg).toBe(200);
    const person = added.data as OwnerDetails;
    expect(person).toMatchObject({ name: '张三', idNumber: '11010519491231002X', idNumberMasked: '110105********002X', contactPhone: '13800000000' });
    const company = (await post('/api/addIntellectual', a.headers, COMPANY)).data as OwnerDetails;

    const dup = await post('/api/addIntellectual', a.headers, { ...PERSON, name: '张三丰' });
    expect(dup.code).toBe(409);
    expect(dup.msg).toBe('该证件号码已登记为著作权人“张三”，无需重复添加');

    const list = (await post('/api/getIntellectualList', a.headers, { page: 1, pageSize: 10 })).data as Page<OwnerListItem>;
    expect(list.total).toBe(2);
    expect(list.list.map((o) => o.name)).toEqual(['码著科技有限公司', '张三']);
    expect(list.list[1]!.idNumberMasked).toBe('110105********002X');
    expect(JSON.stringify(list)).not.toContain('11010519491231002X');
    expect(JSON.stringify(list)).not.toContain('91350100M000100Y43');

    const byName = (await post('/api/getIntellectualList', a.headers, { keyword: '码著' })).data as Page<OwnerListItem>;
    expect(byName.list.map((o) => o.id)).toEqual([company.id]);
    const byNumber = (await post('/api/getIntellectualList', a.headers, { keyword: '11010519491231002x' })).data as Page<OwnerListItem>;
    expect(byNumber.list.map((o) => o.id)).toEqual([person.id]);
    const byCategory = (await post('/api/getIntellectualList', a.headers, { category: '企业法人' })).data as Page<OwnerListItem>;
    expect(byCategory.list.map((o) => o.id)).toEqual([company.id]);

    const details = await get(`/api/getIntellectualDetails?id=${company.id}`, a.headers);
    expect(details.data).toMatchObject({ idNumber: '91350100M000100Y43', province: '福建省', city: '福州市' });

    const edited = await post('/api/editIntellectual', a.headers, { id: person.id, ...PERSON, idNumber: '440304199001011233', city: '海淀区' });
    expect(edited.code, edited.msg).toBe(200);
    expect(edited.data).toMatchObject({ idNumber: '440304199001011233', idNumberMasked: '440304********1233', city: '海淀区' });
    const clash = await post('/api/editIntellectual', a.headers, { id: person.id, ...COMPANY });
    expect(clash.code).toBe(409);

    expect((await get(`/api/delIntellectual?id=${person.id}`, a.headers)).code).toBe(200);
    expect((await get(`/api/getIntellectualDetails?id=${person.id}`, a.headers)).code).toBe(404);
  });

  it('scopes every call: another user gets "not found", never the data', async () => {
    const a = await buildUser(app);
    const b = await buildUser(app);
    const o = (await post('/api/addIntellectual', a.headers, COMPANY)).data as OwnerDetails;
    const answers = [
      await get(`/api/getIntellectualDetails?id=${o.id}`, b.headers),
      await post('/api/editIntellectual', b.headers, { id: o.id, ...COMPANY, name: '被篡改公司' }),
      await get(`/api/delIntellectual?id=${o.id}`, b.headers),
      await post('/api/addProject', b.headers, { name: '借用著作权人系统', form: { ownerIds: [o.id] } }),
    ];
    for (const [i, r] of answers.entries()) {
      expect(r.code, `call #${i}: ${r.msg}`).toBe(404);
      expect(r.msg).toBe('著作权人不存在或无权访问');
      expect(JSON.stringify(r)).not.toContain('91350100M000100Y43');
    }
    const bList = (await post('/api/getIntellectualList', b.headers, { keyword: '91350100M000100Y43' })).data as Page<OwnerListItem>;
    expect(bList.total).toBe(0);
    // B may register the same company in B's own registry (each user keeps their own list).
    expect((await post('/api/addIntellectual', b.headers, COMPANY)).code).toBe(200);
    expect(((await get(`/api/getIntellectualDetails?id=${o.id}`, a.headers)).data as OwnerDetails).name).toBe(COMPANY.name);
  });

  it('keeps a project’s owners in order and refuses to delete a used owner, naming the project', async () => {
    const a = await buildUser(app);
    const c = (await post('/api/addIntellectual', a.headers, COMPANY)).data as OwnerDetails;
    const p1 = (await post('/api/addIntellectual', a.headers, PERSON)).data as OwnerDetails;
    const project = await buildProject(app, a.headers, { form: { completionDate: '2025-06-01', developmentMode: '合作开发', ownerIds: [p1.id, c.id] } });
    expect(project.form.ownerIds).toEqual([p1.id, c.id]);
    expect(project.owners.map((o) => o.name)).toEqual(['张三', '码著科技有限公司']);
    expect(JSON.stringify(project)).not.toContain(PERSON.idNumber);

    const del = await get(`/api/delIntellectual?id=${c.id}`, a.headers);
    expect(del.code).toBe(409);
    expect(del.msg).toBe(`该著作权人正在被项目“${project.name}”使用，请先在项目中移除后再删除`);
    const listed = (await post('/api/getIntellectualList', a.headers, {})).data as Page<OwnerListItem>;
    expect(listed.list.find((o) => o.id === c.id)?.projectCount).toBe(1);

    const reordered = (await post('/api/editProject', a.headers, { id: project.id, form: { ownerIds: [c.id] } })).data as ProjectDetails;
    expect(reordered.owners.map((o) => o.name)).toEqual(['码著科技有限公司']);
    const untouched = (await post('/api/editProject', a.headers, { id: project.id, form: { domain: '软件服务' } })).data as ProjectDetails;
    expect(untouched.form.ownerIds).toEqual([c.id]);
    const twice = await post('/api/editProject', a.headers, { id: project.id, form: { ownerIds: [c.id, c.id] } });
    expect(twice.msg).toBe('同一著作权人不能重复选择');
    expect((await get(`/api/delIntellectual?id=${p1.id}`, a.headers)).code).toBe(200);
  });

  it('finds an owner by 证件号码 or a unique name (for imports)', async () => {
    const a = await buildUser(app);
    const c = (await post('/api/addIntellectual', a.headers, COMPANY)).data as OwnerDetails;
    const { db, cipher } = app.deps;
    expect((await lookupOwner(db, cipher, a.userId, { idNumber: '91350100m000100y43' }))?.id).toBe(c.id);
    expect((await lookupOwner(db, cipher, a.userId, { name: '码著科技有限公司' }))?.idNumber).toBe(COMPANY.idNumber);
    expect(await lookupOwner(db, cipher, a.userId, { name: '不存在的公司' })).toBeUndefined();
    const b = await buildUser(app);
    expect(await lookupOwner(db, cipher, b.userId, { idNumber: COMPANY.idNumber })).toBeUndefined();
    await post('/api/addIntellectual', a.headers, { ...PERSON, name: '码著科技有限公司', category: '自然人' });
    await expect(lookupOwner(db, cipher, a.userId, { name: '码著科技有限公司' })).rejects.toThrow(/有 2 个名为“码著科技有限公司”的著作权人/);
  });

  it('stores identity numbers encrypted: neither the rows nor the database file hold them in clear', async () => {
    const a = await buildUser(app);
    await post('/api/addIntellectual', a.headers, { ...PERSON, idNumber: '320106198507150011' });
    const rows = await app.deps.db.selectFrom('owners').selectAll().where('user_id', '=', a.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_number_enc).toMatch(/^v1:/);
    expect(JSON.stringify(rows)).not.toContain('320106198507150011');
    expect(JSON.stringify(rows)).not.toContain('19850715');
    if (app.deps.dialect === 'sqlite') {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(app.deps.db);
      const file = path.join(app.deps.config.dataDir, 'mazhu.db');
      const bytes = fs.readFileSync(file);
      expect(bytes.includes(Buffer.from('张三'))).toBe(true); // the file is readable: the check below means something
      expect(bytes.includes(Buffer.from('320106198507150011'))).toBe(false);
      expect(bytes.includes(Buffer.from('11010519491231002X'))).toBe(false);
    }
  });
});

describe('field cipher and its key', () => {
  it('round-trips, detects tampering and another key', () => {
    const c = createFieldCipher(Buffer.alloc(32, 7));
    const s = c.encrypt('11010519491231002X');
    expect(s).not.toBe(c.encrypt('11010519491231002X')); // random IV
    expect(c.decrypt(s)).toBe('11010519491231002X');
    const parts = s.split(':');
    parts[3] = Buffer.from('00000000000000000X').toString('base64url');
    expect(() => c.decrypt(parts.join(':'))).toThrow(/无法解密/);
    expect(() => createFieldCipher(Buffer.alloc(32, 8)).decrypt(s)).toThrow(/无法解密/);
    expect(c.blindIndex('A')).toBe(c.blindIndex('A'));
    expect(c.blindIndex('A')).not.toBe(createFieldCipher(Buffer.alloc(32, 8)).blindIndex('A'));
  });

  it('reads a 32-byte key as hex or base64, and production refuses to run without one', () => {
    expect(parseEncryptionKey('ab'.repeat(32))?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.alloc(32, 1).toString('base64'))?.length).toBe(32);
    expect(parseEncryptionKey('short')).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'not-a-key' })).toThrow(/32 字节/);
    expect(loadConfig({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') }).dataEncryptionKey).toEqual(Buffer.alloc(32, 1));
  });
});
