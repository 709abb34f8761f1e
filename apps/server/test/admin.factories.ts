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

/**
 * A transfer voucher image no other call returns: random pixels (so neither its SHA-256 nor its difference hash
 * matches another order's voucher), `width`×`height`, PNG or JPEG.
 */
export async function uniqueVoucherImage(width = 40, height = 30, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const { randomBytes } = await import('node:crypto');
  const img = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
  return format === 'png' ? img.png().toBuffer() : img.jpeg().toBuffer();
}

/** The payee an operator sets in the back office (收款信息); top-up orders are refused until it is set. */
export const TEST_PAYEE = { accountName: '码著科技有限公司', bankName: '招商银行北京分行', accountNumber: '6214 8301 2345 6789', qrImage: '', noteRule: '转账时请在备注中填写订单号', tips: '' };

/** Stores the payee (as POST /api/admin/paymentInformation does), or the seed's placeholders with `placeholder`. */
export async function setPayee(app: App, placeholder = false): Promise<void> {
  const { createPackageService } = await import('../src/modules/points/packages.service');
  await createPackageService(app.deps.db).savePaymentInformation(
    placeholder ? { ...TEST_PAYEE, accountName: '（请运营人员在后台填写收款户名）', bankName: '（请运营人员在后台填写开户银行）', accountNumber: '' } : TEST_PAYEE,
  );
}
