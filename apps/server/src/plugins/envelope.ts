import { ApiCode, INT4_MAX } from '@mazhu/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

/**
 * Default Chinese labels of request fields, used to name the field in validation messages when the route's schema
 * gives the field no title of its own (`.meta({ title })`, see schemaTitles).
 */
const FIELD_LABELS: Record<string, string> = {
  mobile: '手机号',
  email: '邮箱',
  account: '账号',
  password: '密码',
  confirmPassword: '确认密码',
  oldPassword: '原密码',
  newPassword: '新密码',
  code: '验证码',
  mobileCode: '验证码',
  codeType: '验证码类型',
  loginType: '登录方式',
  captchaVerification: '安全验证',
  name: '名称',
  shortName: '软件简称',
  version: '版本号',
  category: '软件分类',
  description: '描述',
  platform: '平台',
  platformTypeId: '平台类型',
  form: '申请表',
  modules: '功能模块',
  operations: '操作步骤',
  notes: '注意事项',
  sort: '排序',
  id: '编号',
  projectId: '项目编号',
  uploadId: '上传编号',
  userId: '用户编号',
  ownerIds: '著作权人',
  username: '运营账号',
  role: '角色',
  page: '页码',
  pageSize: '每页条数',
  keyword: '关键词',
  status: '状态',
  type: '类型',
  file: '文件',
  fileName: '文件名',
  registrationCode: '邀请码',
  nationality: '国籍',
  province: '省份',
  city: '城市',
  idType: '证件类型',
  idNumber: '证件号码',
  partyA: '当事人',
  partyB: '当事人',
  signDate: '签订日期',
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** The parts of a zod schema read here (zod 4 keeps its definition in `_zod.def`). */
interface ZodLike {
  _zod?: { def?: Record<string, unknown> & { type?: string } };
  meta?: () => { title?: unknown } | undefined;
}

const titleOf = (s: ZodLike): string | undefined => {
  const t = typeof s.meta === 'function' ? s.meta()?.title : undefined;
  return typeof t === 'string' && t ? t : undefined;
};

/**
 * Peels wrappers (optional, default, pipe, lazy …) off `schema` down to an object, array, record or tuple, and
 * returns it with the first `.meta({ title })` met on the way (the title may sit on any wrapper of a field).
 */
function unwrap(schema: ZodLike | undefined): { schema?: ZodLike; title?: string } {
  let title: string | undefined;
  let s = schema;
  for (let i = 0; s && i < 16; i++) {
    title ??= titleOf(s);
    const def = s._zod?.def;
    if (!def) break;
    // A pipe validates `in` first, except z.preprocess (a transform piped into the schema that validates).
    const pipeStart = def.type === 'pipe' ? ((def.in as ZodLike)._zod?.def?.type === 'transform' ? def.out : def.in) : undefined;
    const next = (def.innerType ?? pipeStart ?? (def.type === 'lazy' && typeof def.getter === 'function' ? (def.getter as () => unknown)() : undefined)) as ZodLike | undefined;
    if (!next) break;
    s = next;
  }
  return { schema: s, title };
}

/** The member schema of `schema` at one path step (object key, array/tuple index, record value, union option holding the key). */
function child(schema: ZodLike | undefined, key: string): ZodLike | undefined {
  const def = schema?._zod?.def;
  if (!def) return undefined;
  switch (def.type) {
    case 'object':
      return (def.shape as Record<string, ZodLike>)[key];
    case 'array':
      return def.element as ZodLike;
    case 'tuple':
      return (def.items as ZodLike[])[Number(key)] ?? (def.rest as ZodLike | undefined);
    case 'record':
      return def.valueType as ZodLike;
    case 'union':
      for (const option of def.options as ZodLike[]) {
        const hit = child(unwrap(option).schema, key);
        if (hit) return hit;
      }
      return undefined;
    case 'intersection':
      return child(unwrap(def.left as ZodLike).schema, key) ?? child(unwrap(def.right as ZodLike).schema, key);
    default:
      return undefined;
  }
}

/**
 * Titles that the route's own schema gives each step of `pathParts` (`.meta({ title: '类别' })` on the field or one of
 * its wrappers); undefined where it gives none. The same field name can so read differently per route: `category`
 * is 「软件分类」 on a project and 「类别」 on a 著作权人.
 */
export function schemaTitles(schema: unknown, pathParts: readonly PropertyKey[]): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  let s = unwrap(schema as ZodLike | undefined).schema;
  for (const p of pathParts) {
    const { schema: next, title } = unwrap(child(s, String(p)));
    out.push(title);
    s = next;
  }
  return out;
}

/**
 * `modules.0.name` → `功能模块第 1 项的名称（modules.0.name）`; unknown names are shown as they are. `schema` (the
 * route's zod schema of that request part) supplies per-route titles, taking precedence over FIELD_LABELS.
 */
export function fieldLabel(pathParts: readonly PropertyKey[], schema?: unknown): string {
  const field = pathParts.map(String).join('.');
  const titles = schema ? schemaTitles(schema, pathParts) : [];
  const words = pathParts.map((p, i) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? `第 ${Number(p) + 1} 项` : (titles[i] ?? FIELD_LABELS[String(p)] ?? String(p))));
  const plain = words.join('的').replace(/的(第 \d+ 项)/g, '$1');
  return plain === field ? field : `${plain}（${field}）`;
}

/**
 * Turns the first validation issue into `参数「手机号（mobile）」有误：请输入合法的手机号`-style Chinese text naming the
 * field; `schema` is the route's schema of the failing part (body, querystring …) for per-route field titles.
 */
export function validationMessage(issues: ValidationIssue[], context?: string, schema?: unknown): string {
  const first = issues[0];
  if (!first) return '请求参数有误';
  const pathParts = first.params?.issue?.path ?? first.instancePath?.split('/').filter(Boolean) ?? [];
  const where = context === 'querystring' ? '查询参数' : context === 'headers' ? '请求头' : '参数';
  const msg = first.message ?? '格式不正确';
  return pathParts.length ? `${where}「${fieldLabel(pathParts, schema)}」有误：${msg}` : `${where}有误：${msg}`;
}

/** The route's schema of one request part (`body`, `querystring`, `params`, `headers`), if it declares one. */
function routeSchema(request: FastifyRequest, part: string | undefined): unknown {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  return part ? schema?.[part] : undefined;
}

/**
 * True for errors of the multipart parser (busboy) on a malformed body: no boundary, a broken part header, a body
 * cut short. They surface as plain Errors without a status code from the multipart preValidation hook.
 */
export function isMalformedBodyError(error: { message?: string; code?: string; statusCode?: number }): boolean {
  if (error.code === 'FST_PROTO_VIOLATION' || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return true;
  return !error.statusCode && /multipart|boundary|malformed|unexpected end of (form|file)|part header/i.test(error.message ?? '');
}

/** Database error codes (PostgreSQL SQLSTATE, better-sqlite3 code) that a request can cause, with what the user reads. */
const DB_ERRORS: { match: RegExp; code: number; msg: string }[] = [
  { match: /^(23505|SQLITE_CONSTRAINT_UNIQUE|SQLITE_CONSTRAINT_PRIMARYKEY)$/, code: ApiCode.Conflict, msg: '数据已存在（可能是重复提交），请刷新后重试' },
  { match: /^(23503|SQLITE_CONSTRAINT_FOREIGNKEY)$/, code: ApiCode.NotFound, msg: '关联的数据不存在或已被删除，请刷新后重试' },
  { match: /^(22003|22P05|22021|22001|22007|22008|2202E)$/, code: ApiCode.BadRequest, msg: '提交的内容超出允许的范围或含有不支持的字符' },
  { match: /^(40001|40P01|55P03|57014|53300|SQLITE_BUSY|SQLITE_LOCKED)$/, code: ApiCode.Busy, msg: '系统繁忙，请稍后重试' },
];

/** The envelope for a database error a request can provoke (unique race, range, busy), or undefined for a real fault. */
export function databaseErrorEnvelope(error: unknown): { code: number; msg: string } | undefined {
  // pg-pool: no connection became free within connectionTimeoutMillis.
  if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) return { code: ApiCode.Busy, msg: '系统繁忙，请稍后重试' };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  const hit = DB_ERRORS.find((d) => d.match.test(code));
  return hit ? { code: hit.code, msg: hit.msg } : undefined;
}

/**
 * First problem of a validated request value: a string with U+0000 (PostgreSQL text refuses it) or an integer
 * beyond the 32-bit column range (ids, counts). `ts` (AJ-Captcha's millisecond timestamp) is exempt.
 */
export function findUnstorable(value: unknown, path: PropertyKey[] = [], depth = 0): { path: PropertyKey[]; why: string } | undefined {
  if (depth > 32) return undefined;
  if (typeof value === 'string') return value.includes('\u0000') ? { path, why: '含有不允许的空字符（U+0000）' } : undefined;
  if (typeof value === 'number') {
    return Number.isInteger(value) && Math.abs(value) > INT4_MAX && path.at(-1) !== 'ts' ? { path, why: `数值超出允许范围（最大 ${INT4_MAX}）` } : undefined;
  }
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = findUnstorable(v, [...path, Array.isArray(value) ? Number(k) : k], depth + 1);
    if (found) return found;
  }
  return undefined;
}

function refuseUnstorable(request: FastifyRequest): void {
  for (const [where, part, value] of [['查询参数', 'querystring', request.query], ['参数', 'body', request.body]] as const) {
    const found = findUnstorable(value);
    if (found) throw new AppError(ApiCode.BadRequest, found.path.length ? `${where}「${fieldLabel(found.path, routeSchema(request, part))}」有误：${found.why}` : `${where}有误：${found.why}`);
  }
}

/**
 * The `{code, msg, data}` envelope for every error under /api (spec §7–8): HTTP status is always 200,
 * the business code carries the outcome, and `msg` is Chinese. Unexpected errors are logged with the
 * request id and answered with a generic message — never a stack trace. Also refuses, after validation,
 * values that no column can store (NUL characters, integers beyond 32 bits), so they never reach the database.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.url.startsWith('/api/captcha/')) refuseUnstorable(request);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (code: number, msg: string, data: unknown = null) => reply.status(200).send({ code, msg, data });
    if (error instanceof AppError) return send(error.code, error.message, error.data);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(ApiCode.BadRequest, validationMessage(error.validation, error.validationContext, routeSchema(request, error.validationContext)));
    }
    if (error.validation) return send(ApiCode.BadRequest, validationMessage(error.validation, error.validationContext, routeSchema(request, error.validationContext)));
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(ApiCode.UnsupportedMediaType, '不支持的请求内容类型，请使用 application/json 或 multipart/form-data');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(ApiCode.BadRequest, '请求体为空，请提交 JSON 数据');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(ApiCode.BadRequest, '请求体不是合法的 JSON');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return send(ApiCode.PayloadTooLarge, '请求内容过大，请缩小后重试');
      case 'FST_FILES_LIMIT':
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        return send(ApiCode.PayloadTooLarge, '上传的文件或字段数量超过限制');
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(ApiCode.UnsupportedMediaType, '请使用 multipart/form-data 上传');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(ApiCode.BadRequest, '请求长度与内容不符');
      case 'FST_ERR_CTP_INVALID_CHARSET':
        return send(ApiCode.UnsupportedMediaType, '请求内容的字符集不受支持，请使用 UTF-8');
    }
    if (isMalformedBodyError(error)) return send(ApiCode.BadRequest, '上传的表单内容不完整或格式有误，请重新提交');
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return send(ApiCode.BadRequest, '请求体不是合法的 JSON');
    }
    if (error.statusCode === 429) return send(ApiCode.TooManyRequests, '请求过于频繁，请稍后再试');
    if (error.statusCode === 413) return send(ApiCode.PayloadTooLarge, '请求内容过大，请缩小后重试');
    if (error.statusCode === 415) return send(ApiCode.UnsupportedMediaType, '不支持的请求内容类型，请使用 application/json 或 multipart/form-data');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, 'client error');
      return send(ApiCode.BadRequest, '请求有误，请检查后重试');
    }
    const db = databaseErrorEnvelope(error);
    if (db) {
      request.log.warn({ err: error, reqId: request.id }, 'database refused the request');
      return send(db.code, db.msg);
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return send(ApiCode.ServerError, `服务器开小差了，请稍后再试（请求编号 ${request.id}）`);
  });
});
