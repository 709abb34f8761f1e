import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import type { SessionResolution, SessionStore } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session found from the `token` and `sessionid` headers (resolved lazily, once per request). */
    session(): Promise<SessionResolution>;
  }
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s !== 'null' && s !== 'undefined' ? s : undefined;
};

/** Reads the `token` and `sessionid` headers (spec §7) and exposes `request.session()`. */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionStore }) => {
  app.decorateRequest('session', function (this: FastifyRequest) {
    const cache = this as FastifyRequest & { _session?: Promise<SessionResolution> };
    cache._session ??= opts.sessions.resolve(header(this, 'token'), header(this, 'sessionid'));
    return cache._session;
  });
});

/**
 * The signed-in user's id, or throws the sign-out envelope: 302 not signed in / unknown token,
 * 304 expired, 305 revoked (spec §4, §8: the web app clears its storage and goes to /).
 */
export async function requireUserId(req: FastifyRequest): Promise<number> {
  const s = await req.session();
  if (!s.ok) throw new AppError(s.code, s.msg);
  return s.userId;
}
