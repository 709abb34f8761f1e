import { describe, expect, it } from 'vitest';
import type { CodeFile, MetaFile } from '../../intake/intake';
import { moduleSteps, pageSteps, readPageFacts } from './index';

const file = (path: string, text: string, language = 'JavaScript'): CodeFile =>
  ({ path, text, language, comments: 'js', encoding: 'utf-8', bytes: text.length, lines: text.split('\n').length, codeLines: 0, commentLines: 0, blankLines: 0 }) as CodeFile;

const VUE_USER = `<template>
  <div class="app-container">
    <el-form :model="queryParams" ref="queryForm" :inline="true">
      <el-form-item label="用户名称" prop="userName">
        <el-input v-model="queryParams.userName" placeholder="请输入用户名称" />
      </el-form-item>
      <el-form-item label="状态" prop="status">
        <el-select v-model="queryParams.status"><el-option label="正常" value="0" /></el-select>
      </el-form-item>
      <el-form-item>
        <el-button type="primary" @click="handleQuery">搜索</el-button>
        <el-button @click="resetQuery">重置</el-button>
      </el-form-item>
    </el-form>
    <el-button type="primary" @click="handleAdd">新增</el-button>
    <el-table :data="userList">
      <el-table-column type="selection" width="55" />
      <el-table-column label="用户编号" prop="userId" />
      <el-table-column label="用户名称" prop="userName" />
      <el-table-column label="手机号码" prop="phonenumber" />
      <el-table-column label="操作">
        <template #default="scope">
          <el-button link @click="handleUpdate(scope.row)">修改</el-button>
          <el-button link @click="handleDelete(scope.row)">删除</el-button>
        </template>
      </el-table-column>
    </el-table>
    <el-dialog :title="title" v-model="open">
      <el-form ref="userRef" :model="form" :rules="rules">
        <el-form-item label="用户昵称" prop="nickName"><el-input v-model="form.nickName" /></el-form-item>
        <el-form-item label="归属部门" prop="deptId"><el-tree-select v-model="form.deptId" /></el-form-item>
      </el-form>
      <el-button type="primary" @click="submitForm">确 定</el-button>
      <el-button @click="cancel">取 消</el-button>
    </el-dialog>
  </div>
</template>
<script setup>
import { listUser, delUser } from "@/api/system/user";
const rules = { nickName: [{ required: true, message: "用户昵称不能为空", trigger: "blur" }] };
function getList() { listUser(queryParams.value).then(() => {}); }
function handleDelete(row) {
  proxy.$modal.confirm('是否确认删除用户编号为"' + row.userId + '"的数据项？').then(() => delUser(row.userId));
}
</script>
`;

const API_USER = `import request from '@/utils/request'
export function listUser(query) { return request({ url: '/system/user/list', method: 'get', params: query }) }
export function delUser(userId) { return request({ url: '/system/user/' + userId, method: 'delete' }) }
`;

const REACT_ORDER = `import { Button, Form, Input, Modal, Table, Tabs, DatePicker } from 'antd';
export default function OrderPage() {
  const columns = [
    { title: '订单号', dataIndex: 'orderNo' },
    { title: '下单时间', dataIndex: 'createdAt' },
    { title: '金额', dataIndex: 'amount' },
  ];
  const onCancel = () => Modal.confirm({ title: '取消订单', content: '确定取消这个订单吗？' });
  return (
    <div>
      <Tabs items={[{ key: 'all', label: '全部订单', children: null }, { key: 'paid', label: '已支付', children: null }]} />
      <Form layout="inline">
        <Form.Item label="订单号" name="orderNo"><Input /></Form.Item>
        <Form.Item label="下单日期" name="date"><DatePicker /></Form.Item>
        <Button type="primary" htmlType="submit">查询</Button>
      </Form>
      <Table columns={columns} />
      <Button onClick={onCancel}>取消订单</Button>
    </div>
  );
}
`;

const WXML_PAY = `<view class="page">
  <view class="row"><text>手机号</text><input type="number" placeholder="请输入手机号" bindinput="onPhone" /></view>
  <view class="row"><text>验证码</text><input placeholder="请输入验证码" /></view>
  <button bindtap="sendCode">获取验证码</button>
  <button type="primary" bindtap="login">登录</button>
</view>`;
const WXML_JS = `Page({ login() { if (!this.data.phone) { wx.showToast({ title: '请输入手机号', icon: 'none' }); return; } wx.request({ url: '/api/login/sms', method: 'POST' }); } })`;

const LAYOUT = `<?xml version="1.0" encoding="utf-8"?>
<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android">
  <EditText android:id="@+id/et_name" android:hint="@string/hint_name" />
  <EditText android:id="@+id/et_pwd" android:hint="请输入密码" android:inputType="textPassword" />
  <Button android:id="@+id/btn_save" android:text="@string/save" />
</LinearLayout>`;
const STRINGS = `<resources><string name="hint_name">请输入会员姓名</string><string name="save">保存会员</string></resources>`;

const DJANGO = `{% extends "base.html" %}{% load i18n %}
<html><head><title>{% trans "文章列表" %}</title></head>
<body>
<form method="get"><label for="q">关键词</label><input id="q" name="q" type="text"><button type="submit">{% trans "搜索" %}</button></form>
<table><tr><th>标题</th><th>作者</th><th>发布时间</th></tr></table>
<a class="btn btn-danger" href="{% url 'delete' a.id %}" onclick="return confirm('确定删除这篇文章吗？')">删除</a>
</body></html>`;

describe('page facts read with a parser', () => {
  it('reads a Vue page: search conditions, columns, buttons, dialog fields, rules, confirm and the API calls it imports', async () => {
    const files = [file('src/views/system/user/index.vue', VUE_USER, 'Vue'), file('src/api/system/user.js', API_USER)];
    const [p] = await readPageFacts(files);
    expect(p.search.map((f) => f.text)).toEqual(['用户名称', '状态']);
    expect(p.search[1].kind).toBe('select');
    expect(p.columns.map((c) => c.text)).toEqual(['用户编号', '用户名称', '手机号码', '操作']);
    expect(p.fields.map((f) => `${f.text}:${f.kind}`)).toEqual(['用户昵称:text', '归属部门:select']);
    expect(p.buttons.map((b) => b.text)).toEqual(expect.arrayContaining(['搜索', '重置', '新增', '修改', '删除', '确定', '取消']));
    expect(p.validations.map((v) => v.text)).toEqual(['用户昵称不能为空']);
    expect(p.confirms[0].text).toMatch(/^是否确认删除用户编号为/);
    expect(p.calls.map((c) => `${c.method} ${c.text}`)).toEqual(['GET /system/user/list', 'DELETE /system/user/']);
    // Lines are the file's own: the 用户名称 label sits on line 4.
    expect(p.search[0].line).toBe(4);
    const steps = pageSteps([p]);
    const text = steps.map((s) => s.text).join('\n');
    expect(text).toContain('在查询区输入或选择“用户名称”“状态”，点击“搜索”按钮查询；点击“重置”按钮清空条件');
    expect(text).toContain('点击“新增”按钮，在表单中填写“用户昵称”“归属部门”');
    expect(text).toContain('点击“删除”按钮，系统提示“是否确认删除用户编号为');
    expect(steps.every((s) => s.evidence.every((e) => /^src\/views\/system\/user\/index\.vue:\d+/.test(e)))).toBe(true);
    expect(steps.flatMap((s) => s.evidence).some((e) => e.endsWith('DELETE /system/user/'))).toBe(true);
  });

  it('reads a React/antd page, a mini-program page with its script, an Android layout and a Django template', async () => {
    const files = [
      file('src/pages/order/index.jsx', REACT_ORDER),
      file('pages/login/login.wxml', WXML_PAY, 'WXML'),
      file('pages/login/login.js', WXML_JS),
      file('shop/templates/blog/list.html', DJANGO, 'HTML'),
    ];
    const meta: MetaFile[] = [
      { path: 'pages/login/login.json', text: '{\n  "navigationBarTitleText": "手机号登录"\n}' },
      { path: 'app/src/main/res/layout/activity_member.xml', text: LAYOUT },
      { path: 'app/src/main/res/values/strings.xml', text: STRINGS },
    ];
    const pages = await readPageFacts(files, meta);
    const by = (f: string) => pages.find((p) => p.file === f)!;
    const order = by('src/pages/order/index.jsx');
    expect(order.columns.map((c) => c.text)).toEqual(['订单号', '下单时间', '金额']);
    expect(order.search.map((f) => `${f.text}:${f.kind}`)).toEqual(['订单号:text', '下单日期:date']);
    expect(order.tabs.map((t) => t.text)).toEqual(['全部订单', '已支付']);
    expect(order.confirms.map((t) => t.text)).toEqual(['确定取消这个订单吗？']);
    const login = by('pages/login/login.wxml');
    expect(login.title).toEqual({ text: '手机号登录', line: 2 });
    expect(login.fields.map((f) => f.text)).toEqual(['手机号', '验证码']);
    expect(login.buttons.map((b) => b.text)).toEqual(['获取验证码', '登录']);
    expect(login.validations.map((v) => v.text)).toEqual(['请输入手机号']);
    expect(login.calls.map((c) => `${c.method} ${c.text}`)).toEqual(['POST /api/login/sms']);
    expect(login.login).toBe('phone');
    const member = by('app/src/main/res/layout/activity_member.xml');
    expect(member.fields.map((f) => `${f.text}:${f.kind}`)).toEqual(['会员姓名:text', '密码:password']);
    expect(member.buttons.map((b) => b.text)).toEqual(['保存会员']);
    const blog = by('shop/templates/blog/list.html');
    expect(blog.title?.text).toBe('文章列表');
    expect(blog.search.map((f) => f.text)).toEqual(['关键词']);
    expect(blog.columns.map((c) => c.text)).toEqual(['标题', '作者', '发布时间']);
    expect(blog.confirms.map((c) => c.text)).toEqual(['确定删除这篇文章吗？']);
    // Different pages, different steps: no two of them share a step.
    const lists = pages.map((p) => pageSteps([p]).map((s) => s.text));
    for (let i = 0; i < lists.length; i++) for (let j = i + 1; j < lists.length; j++) expect(lists[i].filter((s) => lists[j].includes(s))).toEqual([]);
    // A module's steps come from the pages its evidence names, and from nothing else.
    expect(moduleSteps(pages, ['src/pages/order/index.jsx#OrderPage']).map((s) => s.text).join('')).toContain('“订单号”“下单日期”');
    expect(moduleSteps(pages, ['src/pages/unknown/index.jsx'])).toEqual([]);
  });

  it('marks the home page and the tab bar from app.json or the router, and keeps the texts a page writes itself', async () => {
    const mp = await readPageFacts(
      [file('pages/home/home.wxml', '<view>\n  <view class="title">果蔬配送</view>\n  <text>今日鲜果 {{ count }} 种</text>\n  <button bindtap="go">去下单</button>\n</view>', 'WXML'), file('pages/cart/cart.wxml', '<view><text>购物车是空的</text></view>', 'WXML'), file('pages/about/about.wxml', '<view><text>关于我们</text></view>', 'WXML')],
      [{ path: 'app.json', text: JSON.stringify({ pages: ['pages/about/about', 'pages/home/home', 'pages/cart/cart'], entryPagePath: 'pages/home/home', tabBar: { list: [{ pagePath: 'pages/home/home', text: '首页' }, { pagePath: 'pages/cart/cart', text: '购物车' }] } }) }],
    );
    const by = (f: string) => mp.find((p) => p.file === f)!;
    expect(mp.filter((p) => p.home).map((p) => p.file)).toEqual(['pages/home/home.wxml']);
    expect([by('pages/home/home.wxml').tab, by('pages/cart/cart.wxml').tab, by('pages/about/about.wxml').tab]).toEqual([{ text: '首页', order: 0 }, { text: '购物车', order: 1 }, undefined]);
    // Its own texts, with their lines; a button's text is a button, a text with a value put in it is not drawn cut.
    expect(by('pages/home/home.wxml').texts).toEqual([{ text: '果蔬配送', line: 2 }]);
    expect(by('pages/home/home.wxml').fields).toEqual([]);
    expect(by('pages/home/home.wxml').buttons.map((b) => b.text)).toEqual(['去下单']);

    // A Vue router whose "/" redirects: the page it leads to is the home page, not another dashboard-like name.
    const router = `export default new Router({ routes: [\n  { path: '/', component: Layout, redirect: '/stock/overview', children: [] },\n  { path: '/stock', component: Layout, children: [{ path: 'overview', component: () => import('@/views/stock/overview/index') }] }\n] })`;
    const web = await readPageFacts([
      file('src/router/index.js', router),
      file('src/views/stock/overview/index.vue', '<template><div><h2>库存总览</h2></div></template>', 'Vue'),
      file('src/views/dashboard/index.vue', '<template><div><h2>工作台</h2></div></template>', 'Vue'),
    ]);
    expect(web.filter((p) => p.home).map((p) => p.file)).toEqual(['src/views/stock/overview/index.vue']);
    expect(web.find((p) => p.home)!.texts!.map((t) => t.text)).toEqual(['库存总览']);
    // Without a router, a views/dashboard page is the home page.
    expect((await readPageFacts([file('src/views/dashboard/index.vue', '<template><div><h2>工作台</h2></div></template>', 'Vue')]))[0].home).toBe(true);
  });
});
