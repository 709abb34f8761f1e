import {
  ApiCode,
  ZAdminDetailsQuery,
  ZChangeBindingRequest,
  ZEditProfileRequest,
  ZLoginRequest,
  ZModifyPasswordRequest,
  ZRegisterRequest,
  ZSendCodeRequest,
} from '@mazhu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import type { Outbox } from '../../messaging';
import { requireUserId } from '../../plugins/session';
import { captchaClientOf } from '../captcha/captcha.routes';
import type { UserService } from '../users/users.service';
import type { AuthService } from './auth.service';
import type { CodeService } from './codes.service';
import type { SessionStore } from './sessions';


/** Account routes: send code, register, login, logout, session info, profile, password, binding, dev outbox. */
export async function authRoutes(
  app: FastifyInstance,
  opts: {
    auth: AuthService;
    codes: CodeService;
    users: UserService;
    sessions: SessionStore;
    outbox?: Outbox;
    /** Ends an operator session by its token: /api/logout signs an operator out too. */
    operatorLogout?: (token: string) => Promise<void>;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, codes, users, sessions } = opts;

  r.post('/api/sendCodeByVerification', { schema: { body: ZSendCodeRequest } }, async (req) => {
    const b = req.body;
    const data = await codes.send({ account: b.account, captchaVerification: b.captchaVerification, purpose: b.type, ip: req.ip, clientKey: captchaClientOf(req).clientKey });
    return ok(data, data.type === 'phone' ? '验证码已发送至您的手机' : '验证码已发送至您的邮箱');
  });

  r.post('/api/register', { schema: { body: ZRegisterRequest } }, async (req) => {
    await auth.register(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] });
    return ok(null, '注册成功，请登录');
  });

  r.post('/api/login', { schema: { body: ZLoginRequest } }, async (req) => {
    const data = await auth.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'], clientKey: captchaClientOf(req).clientKey });
    return { code: ApiCode.LoginOk, msg: '登录成功', data };
  });

  r.post('/api/logout', async (req) => {
    const s = await req.session();
    if (s.ok) await sessions.revoke(s.sessionId, 'logout');
    else if (typeof req.headers.token === 'string' && req.headers.token) await opts.operatorLogout?.(req.headers.token);
    return ok(null, '退出成功');
  });

  r.get('/api/clearCache', async (req) => {
    const s = await req.session();
    if (s.ok) await sessions.revoke(s.sessionId, 'logout');
    return ok(null, '缓存已清除');
  });

  r.get('/api/getAdminDetails', { schema: { querystring: ZAdminDetailsQuery } }, async (req) => {
    const userId = await requireUserId(req);
    if (req.query.id && req.query.id !== userId) throw new AppError(ApiCode.Forbidden, '只能查看自己的账号信息');
    return ok(await users.details(userId), '查询成功');
  });

  r.post('/api/editAdmin', { schema: { body: ZEditProfileRequest } }, async (req) => ok(await users.editProfile(await requireUserId(req), req.body), '资料已保存'));

  r.post('/api/modifyPassword', { schema: { body: ZModifyPasswordRequest } }, async (req) => {
    const s = await req.session();
    if (!s.ok) throw new AppError(s.code, s.msg);
    await users.modifyPassword(s.userId, s.sessionId, req.body);
    return ok(null, '密码已修改，其他设备上的登录已退出');
  });

  r.post('/api/getChangeBinding', { schema: { body: ZChangeBindingRequest } }, async (req) => ok(await users.changeBinding(await requireUserId(req), req.body), '绑定已更换'));

  if (opts.outbox) {
    const outbox = opts.outbox;
    r.get('/api/dev/outbox', { schema: { querystring: z.object({ account: z.string().max(50).optional() }) } }, async (req) =>
      ok(outbox.list(req.query.account?.trim().toLowerCase()), '开发发件箱（OUTBOX=1，仅限开发与测试）'),
    );
  }
}
