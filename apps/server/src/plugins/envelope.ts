import { ApiCode } from '@mazhu/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

/** Chinese labels of common request fields, used to name the field in validation messages. */
const FIELD_LABELS: Record<string, string> = {
  mobile: '手机号',
  email: '邮箱',
  account: '账号',
  password: '密码',
  confirmPassword: '确认密码',
  code: '验证码',
  mobileCode: '验证码',
  name: '名称',
  id: '编号',
  page: '页码',
  pageSize: '每页条数',
  type: '类型',
  registrationCode: '邀请码',
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** Turns the first validation issue into `字段「手机号」：请输入合法的手机号`-style Chinese text naming the field. */
export function validationMessage(issues: ValidationIssue[], context?: string): string {
  const first = issues[0];
  if (!first) return '请求参数有误';
  const pathParts = first.params?.issue?.path ?? first.instancePath?.split('/').filter(Boolean) ?? [];
  const field = pathParts.map(String).join('.');
  const label = FIELD_LABELS[field] ? `${FIELD_LABELS[field]}（${field}）` : field;
  const where = context === 'querystring' ? '查询参数' : context === 'headers' ? '请求头' : '参数';
  const msg = first.message ?? '格式不正确';
  return field ? `${where}「${label}」有误：${msg}` : `${where}有误：${msg}`;
}

/**
 * The `{code, msg, data}` envelope for every error under /api (spec §7–8): HTTP status is always 200,
 * the business code carries the outcome, and `msg` is Chinese. Unexpected errors are logged with the
 * request id and answered with a generic message — never a stack trace.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (code: number, msg: string, data: unknown = null) => reply.status(200).send({ code, msg, data });
    if (error instanceof AppError) return send(error.code, error.message, error.data);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(ApiCode.BadRequest, validationMessage(error.validation, error.validationContext));
    }
    if (error.validation) return send(ApiCode.BadRequest, validationMessage(error.validation, error.validationContext));
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
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return send(ApiCode.BadRequest, '请求体不是合法的 JSON');
    }
    if (error.statusCode === 429) return send(ApiCode.TooManyRequests, '请求过于频繁，请稍后再试');
    if (error.statusCode === 413) return send(ApiCode.PayloadTooLarge, '请求内容过大，请缩小后重试');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, 'client error');
      return send(ApiCode.BadRequest, '请求有误，请检查后重试');
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return send(ApiCode.ServerError, `服务器开小差了，请稍后再试（请求编号 ${request.id}）`);
  });
});
