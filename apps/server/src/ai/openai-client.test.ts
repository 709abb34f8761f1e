import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_LIMITS, ZAiInformation, type AiProjectInput } from '@mazhu/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answered, createAiWriter, createOfflineWriter, createOpenAiWriter, extractJsonObject, writeInformation } from './index';
import type { AiLogger } from './provider';

/**
 * The OpenAI-compatible client against a local fake chat API (node:http on 127.0.0.1, random port). Each test
 * scripts the answers; the server records every request (headers and body).
 */

interface Recorded {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string };
    [k: string]: unknown;
  };
}
type Reply = { status?: number; content?: string; raw?: string; delayMs?: number };

let server: Server;
let baseUrl: string;
let requests: Recorded[] = [];
let script: Array<Reply | ((r: Recorded) => Reply)> = [];

const chat = (content: string) => JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const rec: Recorded = { headers: req.headers, body: JSON.parse(data || '{}') };
      requests.push(rec);
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404).end('{}');
        return;
      }
      const next = script.length > 1 ? script.shift()! : script[0];
      const reply = typeof next === 'function' ? next(rec) : (next ?? { status: 500 });
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(reply.raw ?? (reply.content !== undefined ? chat(reply.content) : '{"error":{"message":"boom"}}'));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  script = [];
});

const input: AiProjectInput = {
  name: '仓储管理系统',
  platform: 'Web 管理系统',
  description: '管理仓库、库存、采购和供应商。',
  codeAnalysis: {
    languages: ['Java', 'Vue', 'HTML', 'CSS'],
    sourceLines: 12000,
    controllers: ['WarehouseController', 'InventoryController', 'PurchaseController', 'SupplierController', 'SysUserController'],
  },
};

/** A good model answer: the offline answer reworded, so the test can tell who wrote it. */
function modelAnswer() {
  const off = writeInformation(input);
  return {
    ...off,
    description: '【模型】' + off.description.slice(0, 300),
    mainFunctions: off.mainFunctions.replace('仓储管理系统', '【模型】仓储管理系统'),
    modules: off.modules.map(({ basis: _b, ...m }) => m),
  };
}

function writer(over: Partial<Parameters<typeof createOpenAiWriter>[0]> = {}) {
  const warnings: object[] = [];
  const log: AiLogger = { warn: (o) => warnings.push(o) };
  const w = createOpenAiWriter({ baseUrl, apiKey: 'sk-test-123', model: 'deepseek-chat', timeoutMs: 2000, retries: 2, backoffMs: 5, fallback: createOfflineWriter(), log, ...over });
  return { w, warnings };
}

describe('OpenAI-compatible client', () => {
  it('happy path: sends the model, Bearer key, JSON mode and the R11 rules; returns the model answer', async () => {
    script = [{ content: JSON.stringify(modelAnswer()) }];
    const { w, warnings } = writer();
    const r = await answered((o) => w.generateInformation(input, o));
    expect(r.provider).toBe('openai');
    expect(r.attempts).toBe(1);
    expect(r.data.description.startsWith('【模型】')).toBe(true);
    expect(() => ZAiInformation.parse(r.data)).not.toThrow();
    expect(warnings).toHaveLength(0);

    expect(requests).toHaveLength(1);
    const req = requests[0];
    expect(req.headers.authorization).toBe('Bearer sk-test-123');
    expect(req.body.model).toBe('deepseek-chat');
    expect(req.body.response_format).toEqual({ type: 'json_object' });
    const system = req.body.messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain('只根据输入撰写，不得编造输入中没有的功能');
    expect(system.content).toContain('不得生成源代码');
    expect(system.content).toContain('不超过 1300 字');
    expect(system.content).toContain('不要凑字数');
    expect(system.content.toLowerCase()).toContain('json');
    expect(JSON.parse(req.body.messages[1].content)).toEqual(input);
  });

  it('sends a large code analysis cut to 150 items per list, and waits as Retry-After asks', async () => {
    const big: AiProjectInput = { ...input, codeAnalysis: { ...input.codeAnalysis!, routes: Array.from({ length: 500 }, (_, i) => `/api/thing${i}/list`) } };
    script = [{ status: 429, raw: '{}' }, { content: JSON.stringify(modelAnswer()) }];
    const { w } = writer({ timeoutMs: 300 });
    const r = await answered((o) => w.generateInformation(big, o));
    expect(r).toMatchObject({ provider: 'openai', attempts: 2 });
    const sent = JSON.parse(requests[0].body.messages[1].content) as AiProjectInput;
    expect(sent.codeAnalysis!.routes).toHaveLength(150);
  });

  it('retries after an answer that is not JSON, then succeeds', async () => {
    script = [{ content: '好的，以下是生成的内容：仓储管理系统……' }, { content: '```json\n' + JSON.stringify(modelAnswer()) + '\n```' }];
    const { w } = writer();
    const r = await answered((o) => w.generateInformation(input, o));
    expect(r.provider).toBe('openai');
    expect(r.attempts).toBe(2);
    expect(requests).toHaveLength(2);
    expect(r.data.description.startsWith('【模型】')).toBe(true);
  });

  it('retries after JSON that fails the schema (no modules), then succeeds', async () => {
    script = [{ content: JSON.stringify({ description: '只有简介' }) }, { content: JSON.stringify(modelAnswer()) }];
    const { w } = writer();
    const r = await answered((o) => w.generateInformation(input, o));
    expect(r).toMatchObject({ provider: 'openai', attempts: 2 });
  });

  it('falls back to the offline writer after timeouts, and logs a warning', async () => {
    script = [{ content: JSON.stringify(modelAnswer()), delayMs: 1500 }];
    const { w, warnings } = writer({ timeoutMs: 100, retries: 1 });
    const started = Date.now();
    const r = await answered((o) => w.generateInformation(input, o));
    expect(Date.now() - started).toBeLessThan(1400);
    expect(r.provider).toBe('offline');
    expect(r.attempts).toBe(2);
    expect(r.fallbackReason).toMatch(/timeout/);
    expect(r.data).toEqual(writeInformation(input));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ provider: 'openai', model: 'deepseek-chat', what: 'generateInformation', attempts: 2 });
  });

  it('falls back after HTTP 500 on every attempt (1 + 2 retries)', async () => {
    script = [{ status: 500 }];
    const { w, warnings } = writer();
    const r = await answered((o) => w.generateInformation(input, o));
    expect(r).toMatchObject({ provider: 'offline', attempts: 3, fallbackReason: 'HTTP 500' });
    expect(requests).toHaveLength(3);
    expect(() => ZAiInformation.parse(r.data)).not.toThrow();
    expect(warnings).toHaveLength(1);
  });

  it('does not retry a 401 (wrong key): falls back at once', async () => {
    script = [{ status: 401 }];
    const { w } = writer();
    const r = await answered((o) => w.translateName('仓库管理系统', o));
    expect(r).toEqual({ data: 'Warehouse Management System', provider: 'offline', attempts: 1, fallbackReason: 'HTTP 401' });
    expect(requests).toHaveLength(1);
  });

  it('recovers from a 500 followed by a good answer', async () => {
    script = [{ status: 503 }, { content: JSON.stringify({ enName: 'Warehouse Management System' }) }];
    const { w } = writer();
    const r = await answered((o) => w.translateName('仓库管理系统', o));
    expect(r).toMatchObject({ data: 'Warehouse Management System', provider: 'openai', attempts: 2 });
  });

  it('fixes an answer that breaks the limits', async () => {
    const good = modelAnswer();
    script = [
      {
        content: JSON.stringify({
          ...good,
          purpose: '为了'.repeat(40),
          domain: '仓储物流行业，' + '制造业，'.repeat(20),
          mainFunctions: good.mainFunctions + '\n' + Array.from({ length: 120 }, (_, i) => `第${i + 1}项补充说明仓库与库存的处理规则。`).join(''),
          techFeatures: '采用前后端分离架构，' + '高并发，'.repeat(40),
          techTags: ['区块链', '云计算', 'App', '大数据', '物联网'],
          devTools: 'IntelliJ IDEA、' + 'Visual Studio Code、'.repeat(8),
          languages: 'Java、Vue、COBOL',
          modules: good.modules.slice(0, 3).concat([{ name: '源码', description: '```java\npublic class A {}\n```', operations: [] }]),
        }),
      },
    ];
    const { w } = writer();
    const r = await answered((o) => w.generateInformation(input, o));
    expect(r.fallbackReason).toBeUndefined();
    expect(r.provider).toBe('openai');
    const d = r.data;
    expect(() => ZAiInformation.parse(d)).not.toThrow();
    expect(d.purpose.length).toBeLessThanOrEqual(AI_LIMITS.purposeMax);
    expect(d.domain.length).toBeLessThanOrEqual(AI_LIMITS.domainMax);
    expect(d.mainFunctions.length).toBeLessThanOrEqual(AI_LIMITS.mainFunctionsMax);
    expect(d.mainFunctions.length).toBeGreaterThanOrEqual(AI_LIMITS.mainFunctionsMin);
    expect(d.mainFunctions.endsWith('。')).toBe(true);
    expect(d.techFeatures.length).toBeLessThanOrEqual(AI_LIMITS.techFeaturesMax);
    expect(d.techTags).toEqual(['云计算', 'APP', '大数据']);
    expect(d.devTools.length).toBeLessThanOrEqual(50);
    expect(d.devTools.startsWith('IntelliJ IDEA、Visual Studio Code')).toBe(true);
    expect(d.languages).toBe('Java、Vue、HTML、CSS');
    expect(d.modules.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(d)).not.toContain('public class');
  });

  it('asks again without response_format when the provider rejects JSON mode', async () => {
    script = [
      (rec) => (rec.body.response_format ? { status: 400, raw: '{"error":{"message":"response_format is not supported"}}' } : { content: JSON.stringify({ enName: 'Smart Parking Platform' }) }),
    ];
    const { w } = writer();
    const r = await answered((o) => w.translateName('智慧停车平台', o));
    expect(r).toMatchObject({ data: 'Smart Parking Platform', provider: 'openai', attempts: 2 });
    expect(requests[1].body.response_format).toBeUndefined();
  });

  it('polishes a description and a module through the chat API, within limits', async () => {
    script = [{ content: JSON.stringify({ description: '仓储管理系统用于管理仓库、库存与采购业务。'.repeat(30) }) }];
    const { w } = writer();
    const d = await w.polishDescription({ name: '仓储管理系统', description: '管理仓库' });
    expect(d.length).toBeLessThanOrEqual(AI_LIMITS.descriptionMax);
    expect(d.endsWith('。')).toBe(true);
    expect(d.match(/仓储管理系统用于/g)).toHaveLength(1); // repeated sentences removed

    script = [{ content: JSON.stringify({ description: '维护仓库信息。', operations: ['新增仓库', '新增仓库', '编辑仓库', 'x'.repeat(60)] }) }];
    const m = await w.polishFunction({ projectName: '仓储管理系统', moduleName: '仓库管理', description: '仓库' });
    expect(m.operations).toEqual(['新增仓库', '编辑仓库', 'x'.repeat(40)]);
    expect(m.description).toContain('维护仓库信息');
    const body = requests.at(-1)!.body;
    expect(JSON.parse(body.messages[1].content)).toMatchObject({ moduleName: '仓库管理' });
  });

  it('rejects an English name with Chinese or symbols and falls back', async () => {
    script = [{ content: JSON.stringify({ enName: '仓库 Management 系统!' }) }];
    const { w } = writer({ retries: 0 });
    const r = await answered((o) => w.translateName('仓库管理系统', o));
    expect(r).toMatchObject({ data: 'Warehouse Management System', provider: 'offline', fallbackReason: 'answer failed validation' });
  });

  it('createAiWriter uses the chat API when AI_BASE_URL is set', async () => {
    script = [{ content: JSON.stringify({ enName: 'Warehouse System' }) }];
    const ai = createAiWriter({ baseUrl: baseUrl + '/', apiKey: 'k', model: 'qwen-plus', timeoutMs: 1000 });
    expect(ai.provider).toBe('openai');
    expect(await ai.translateName('仓库系统')).toBe('Warehouse System');
    expect(requests[0].body.model).toBe('qwen-plus');
    expect(requests[0].headers.authorization).toBe('Bearer k');
  });

  it('answers offline when the network is unreachable', async () => {
    const { w } = writer({ baseUrl: 'http://127.0.0.1:9/v1', retries: 0, timeoutMs: 500 });
    const r = await answered((o) => w.polishFunction({ projectName: 'x系统', moduleName: '订单管理', description: '支持订单查询和订单导出' }, o));
    expect(r.provider).toBe('offline');
    expect(r.fallbackReason).toMatch(/network|timeout/);
    expect(r.data.operations.length).toBeGreaterThan(0);
  });
});

describe('extractJsonObject', () => {
  it('reads fenced JSON and JSON surrounded by text', () => {
    expect(extractJsonObject('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(extractJsonObject('结果如下：{"a":{"b":2}} 以上。')).toEqual({ a: { b: 2 } });
    expect(() => extractJsonObject('没有 JSON')).toThrow();
  });
});
