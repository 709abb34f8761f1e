import { describe, expect, it } from 'vitest';
import { analyseCode, buildManual, findCodeNotes, moduleCodeNotes, outlineManual } from '../src/index';
import { codeFile } from './fixtures-code';

// Shapes of real admin front ends and back ends: an Element UI page (rules object, $modal.confirm with a
// concatenated prompt, el-popconfirm), an Ant Design page (Form.Item rules, Modal.confirm, Popconfirm) and a
// Bean Validation entity beside its controller.
const USER_PAGE = `<template>
  <el-dialog :title="title" :visible.sync="open">
    <el-form ref="form" :model="form" :rules="rules">
      <el-form-item label="用户名称" prop="userName"><el-input v-model="form.userName" /></el-form-item>
    </el-form>
    <el-popconfirm title="确定停用该用户吗？" @confirm="disable"></el-popconfirm>
  </el-dialog>
</template>
<script>
export default {
  data() {
    return {
      rules: {
        userName: [
          { required: true, message: "用户名称不能为空", trigger: "blur" },
          { min: 2, max: 20, message: '用户名称长度必须介于 2 和 20 之间', trigger: 'blur' }
        ],
        email: [{ type: "email", message: "请输入正确的邮箱地址", trigger: ["blur", "change"] }]
      }
    };
  },
  methods: {
    handleDelete(row) {
      const userIds = row.userId || this.ids;
      this.$modal.confirm('是否确认删除用户编号为"' + userIds + '"的数据项？').then(() => delUser(userIds));
      this.$message({ message: '删除成功', type: 'success' });
    }
  }
};
</script>
`;
const USER_DIALOG = `export default { data() { return { rules: { phonenumber: [{ pattern: /^1[3-9]\\d{9}$/, message: "请输入正确的手机号码", trigger: "blur" }] } }; } };
`;
const STOCK_PAGE = `import { Form, Input, Modal, Popconfirm, message } from 'antd';
export default function StockIn() {
  const remove = (row) => Modal.confirm({ title: \`确定删除入库单\${row.no}吗？\`, onOk: () => api.remove(row.id) });
  return (
    <Form>
      <Form.Item name="qty" label="入库数量" rules={[{ required: true, message: '请输入入库数量' }]}><Input /></Form.Item>
      <Popconfirm title="审核后不能再修改，确定审核吗？" onConfirm={audit}><a>审核</a></Popconfirm>
    </Form>
  );
  message.success({ content: '保存成功' });
}
`;
const SYS_USER = `package com.example.system.domain;
public class SysUser {
    @NotBlank(message = "用户账号不能为空")
    @Size(min = 0, max = 30, message = "用户账号长度不能超过30个字符")
    public String getUserName() { return userName; }
    @Size(min = 0, max = 50, message = "邮箱长度不能超过{max}个字符")
    public String getEmail() { return email; }
}
`;
const USER_CONTROLLER = `package com.example.system.controller;
/** 用户信息 */
@RestController
@RequestMapping("/system/user")
public class SysUserController {
    @DeleteMapping("/{userIds}")
    public AjaxResult remove(@PathVariable Long[] userIds) { return toAjax(userService.deleteUserByIds(userIds)); }
}
`;
const files = [
  codeFile('ui/src/views/system/user/index.vue', USER_PAGE, 'Vue', 'markup'),
  codeFile('ui/src/views/system/user/profile.js', USER_DIALOG),
  codeFile('web/src/pages/stock/in/index.jsx', STOCK_PAGE),
  codeFile('server/src/main/java/com/example/system/domain/SysUser.java', SYS_USER, 'Java', 'c'),
  codeFile('server/src/main/java/com/example/system/controller/SysUserController.java', USER_CONTROLLER, 'Java', 'c'),
];

describe('validation and confirmation texts of the code', () => {
  it('reads rule messages and confirmation prompts with their lines, and nothing else', () => {
    const notes = findCodeNotes(files);
    const of = (file: string) => notes.filter((n) => n.file.endsWith(file)).map((n) => `${n.kind}:${n.line}:${n.text}`);
    expect(of('user/index.vue')).toEqual([
      'confirm:6:确定停用该用户吗？',
      'validation:15:用户名称不能为空',
      'validation:16:用户名称长度必须介于 2 和 20 之间',
      'validation:18:请输入正确的邮箱地址',
      'confirm:25:是否确认删除用户编号为"…"的数据项？',
    ]);
    expect(of('stock/in/index.jsx')).toEqual(['confirm:3:确定删除入库单…吗？', 'validation:6:请输入入库数量', 'confirm:7:审核后不能再修改，确定审核吗？']);
    // A message with a run-time placeholder ({max}) is not quoted as if it were the text the user sees.
    expect(of('SysUser.java')).toEqual(['validation:3:用户账号不能为空', 'validation:4:用户账号长度不能超过30个字符']);
    // Success toasts are not rules.
    expect(notes.map((n) => n.text)).not.toContain('删除成功');
    expect(notes.map((n) => n.text)).not.toContain('保存成功');
  });

  it('gives a module the notes of its files, its page folder and its entity class, not another module’s', () => {
    const notes = findCodeNotes(files);
    const user = moduleCodeNotes(notes, ['ui/src/views/system/user/index.vue#index', 'server/src/main/java/com/example/system/controller/SysUserController.java#SysUserController']);
    expect(user.map((n) => n.text)).toEqual(expect.arrayContaining(['用户名称不能为空', '请输入正确的手机号码', '用户账号不能为空']));
    expect(user.map((n) => n.text)).not.toContain('请输入入库数量');
    expect(moduleCodeNotes(notes, ['unit:user'])).toEqual([]);
  });
});

describe('注意事项 in the operation manual', () => {
  const analysis = analyseCode(files);
  const project = {
    name: '蓝山仓储管理系统',
    version: 'V1.0',
    completionDate: '2026-10-01',
    platform: 'Web',
    modules: [
      {
        name: '用户管理',
        description: '维护系统用户。',
        operations: ['点击“新增”，填写用户信息后保存。', '在列表中点击“删除”删除用户。'],
        notes: ['新用户的初始密码请通过线下方式告知本人。'],
        evidence: ['ui/src/views/system/user/index.vue#index', 'server/src/main/java/com/example/system/controller/SysUserController.java#SysUserController'],
      },
      { name: '入库管理', description: '登记入库。', operations: ['点击“新增入库单”。', '点击“导出”下载入库记录。'], evidence: ['web/src/pages/stock/in/index.jsx#StockIn'] },
      { name: '系统设置', description: '设置系统参数。', operations: ['修改参数后点击“保存”。'] },
    ],
  };
  // The body's section (the contents page lists the same titles first).
  const sectionText = (text: string, title: string, next?: string) => text.slice(text.lastIndexOf(title), next ? text.lastIndexOf(next) : undefined);

  it('prints the user’s notes, the code’s rule messages and prompts, under each module', () => {
    const m = buildManual(project, { analysis });
    const text = m.pages.flatMap((p) => p.lines.map((l) => (l.kind === 'text' ? l.text.trim() : ''))).join('');
    const user = sectionText(text, '4.1 用户管理', '4.2 入库管理');
    expect(user).toContain('注意事项：');
    expect(user.indexOf('新用户的初始密码')).toBeGreaterThan(user.indexOf('注意事项：'));
    expect(user).toContain('“用户名称不能为空”');
    expect(user).toContain('“用户账号长度不能超过30个字符”');
    expect(user).toContain('“是否确认删除用户编号为"…"的数据项？”');
    // The code confirms deletions itself, so no generic reminder is added.
    expect(user).not.toContain('删除前请核对所选的记录');
    const stock = sectionText(text, '4.2 入库管理', '4.3 系统设置');
    expect(stock).toContain('“请输入入库数量”');
    expect(stock).toContain('导出的文件含有本软件中的业务数据');
    expect(stock).not.toContain('用户名称不能为空');
  });

  it('writes no 注意事项 where nothing supports them, and says so', () => {
    const o = outlineManual(project, analysis);
    const settings = o.chapters.flatMap((c) => c.sections).find((s) => s.title === '系统设置')!;
    expect(settings.notes).toEqual([]);
    const w = o.warnings.find((x) => x.includes('注意事项'));
    expect(w).toContain('系统设置');
    expect(w).not.toContain('用户管理');
    const m = buildManual(project, { analysis });
    const text = m.pages.flatMap((p) => p.lines.map((l) => (l.kind === 'text' ? l.text.trim() : ''))).join('');
    expect(sectionText(text, '4.3 系统设置')).not.toContain('注意事项');
  });
});
