import type { App } from '../src/app';
import { body } from './helper';

/** Signs an operator in through POST /api/adminLogin and returns the headers the admin app sends. */
export async function operatorHeaders(app: App, username: string, password: string): Promise<{ token: string; sessionid: string }> {
  const res = body<{ token: string; sessionId: string }>(await app.inject({ method: 'POST', url: '/api/adminLogin', payload: { username, password } }));
  if (res.code !== 202) throw new Error(`adminLogin: ${res.msg}`);
  return { token: res.data.token, sessionid: res.data.sessionId };
}

/** Adds an operator with `role` (as the signed-in 管理员 `admin`) and signs it in. */
export async function buildOperator(app: App, admin: Record<string, string>, opts: { username: string; role: 'admin' | 'support'; password?: string }) {
  const password = opts.password ?? `${opts.username}-password-long`;
  const res = body<{ id: number }>(await app.inject({ method: 'POST', url: '/api/addAdmin', headers: admin, payload: { username: opts.username, password, role: opts.role } }));
  if (res.code !== 200) throw new Error(`addAdmin: ${res.msg}`);
  return { id: res.data.id, password, headers: await operatorHeaders(app, opts.username, password) };
}
