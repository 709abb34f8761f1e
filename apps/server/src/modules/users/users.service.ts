import { CodePurpose, type ChangeBindingRequest, type EditProfileRequest, type ModifyPasswordRequest, type UserInfo } from '@mazhu/contracts';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { presentUser } from '../auth/auth.service';
import { accountKind, type CodeService } from '../auth/codes.service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { SessionStore } from '../auth/sessions';
import type { AttemptGuard } from '../auth/attempts';

/** The signed-in user's own account: details, profile, password, bound mobile/e-mail. */
export function createUserService(deps: { db: Kysely<Database>; codes: CodeService; sessions: SessionStore; attempts: AttemptGuard }) {
  const { db, codes, sessions, attempts } = deps;
  const load = async (userId: number) => {
    const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!u) throw notFound('用户不存在');
    return u;
  };
  return {
    async details(userId: number): Promise<UserInfo> {
      return presentUser(await load(userId));
    },

    async editProfile(userId: number, input: EditProfileRequest): Promise<UserInfo> {
      await db.updateTable('users').set({ name: input.name, updated_at: nowIso() }).where('id', '=', userId).execute();
      return presentUser(await load(userId));
    },

    /**
     * Errors: 400 wrong old password, 429 after 5 checks of the old password in 15 minutes (reserved before the
     * scrypt check). Signs out every other session of the user (305 there).
     */
    async modifyPassword(userId: number, sessionId: string, input: ModifyPasswordRequest): Promise<void> {
      const rule = { key: `user:pwchg:${userId}`, limit: 5, windowSeconds: 900, msg: '原密码错误次数过多，请 15 分钟后再试' };
      const [n] = await attempts.reserve([rule]);
      const u = await load(userId);
      if (!(await verifyPassword(input.oldPassword, u.password_hash))) {
        const left = rule.limit - (n ?? 0);
        throw badRequest(left > 0 ? `原密码错误，还可尝试 ${left} 次` : rule.msg);
      }
      await attempts.forget([rule.key]);
      await db.updateTable('users').set({ password_hash: await hashPassword(input.newPassword), updated_at: nowIso() }).where('id', '=', userId).execute();
      await sessions.revokeAllOf(userId, 'password', sessionId);
    },

    /** Binds a new mobile or e-mail after consuming the purpose-3 code sent to it. Errors: 409 taken, 400 code. */
    async changeBinding(userId: number, input: ChangeBindingRequest): Promise<UserInfo> {
      const account = input.account.trim().toLowerCase();
      const kind = accountKind(account);
      const col = kind === 'phone' ? 'mobile' : 'email';
      // The code first: only the holder of the new account learns whether it is taken (a taken account receives a
      // notice instead of a code, so this answers "验证码已失效" as for an account nobody asked a code for).
      await attempts.reserve([{ key: `user:bind:${userId}`, limit: 20, windowSeconds: 3600, msg: '更换绑定尝试过于频繁，请一小时后再试' }]);
      await codes.consume(account, CodePurpose.Bind, input.code);
      const taken = await db.selectFrom('users').select('id').where(col, '=', account).executeTakeFirst();
      if (taken && taken.id !== userId) throw conflict('该账号已被其他用户绑定');
      if (taken) throw badRequest('新账号与当前绑定的账号相同');
      await db.updateTable('users').set({ [col]: account, updated_at: nowIso() }).where('id', '=', userId).execute();
      return presentUser(await load(userId));
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
