import { OPERATOR_ROLE_LABELS, OperatorRole, operatorMay } from '@mazhu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../lib/errors';
import type { OperatorContext, OperatorSessions } from '../operators/operator-sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The smallest operator role a route needs. Every route under `/api/admin/` is guarded and needs 管理员
     * unless it declares `operatorRole: 'support'` (客服 may call it too). A route elsewhere that sets it is
     * guarded the same way (the spec's addAdmin / delAdmin).
     */
    operatorRole?: OperatorRole;
  }
  interface FastifyInstance {
    /** Every guarded route (method, URL pattern, role it needs), collected as routes are declared. */
    operatorRouteTable: GuardedRoute[];
  }
  interface FastifyRequest {
    /** The signed-in operator on a guarded route (null elsewhere). Read it with `operatorOf(req)`. */
    operator: OperatorContext | null;
  }
}

const ADMIN_PREFIX = '/api/admin/';

export interface GuardedRoute {
  method: string;
  url: string;
  role: OperatorRole;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s !== 'null' && s !== 'undefined' ? s : undefined;
};

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The role a request needs, or undefined when it is not an operator call. Deny by default: a path under
 * /api/admin/ (matched route or raw URL, so an unknown admin path is refused too) needs 管理员 unless its route
 * declares a smaller role.
 */
export function requiredOperatorRole(req: FastifyRequest): OperatorRole | undefined {
  const declared = req.routeOptions.config?.operatorRole;
  if (declared) return declared;
  const pattern = req.routeOptions.url ?? '';
  const raw = safeDecode(req.url.split('?')[0] ?? '').toLowerCase();
  if (pattern.startsWith(ADMIN_PREFIX) || raw.startsWith(ADMIN_PREFIX) || raw === '/api/admin') return OperatorRole.Admin;
  return undefined;
}

/**
 * The one operator guard, run before body parsing on every request: resolves the operator session of an
 * operator call (302/304/305 envelopes, 403 for a user's token) and refuses a role below the route's
 * `operatorRole` with 403 naming both roles. On success `req.operator` is set.
 */
export const adminGuardPlugin = fp(
  async (app: FastifyInstance, opts: { operatorSessions: OperatorSessions }) => {
    app.decorateRequest('operator', null);
    const table: GuardedRoute[] = [];
    app.decorate('operatorRouteTable', table);
    app.addHook('onRoute', (route) => {
      const config = route.config as { operatorRole?: OperatorRole } | undefined;
      const role = config?.operatorRole ?? (route.url.startsWith(ADMIN_PREFIX) ? OperatorRole.Admin : undefined);
      if (!role) return;
      for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, role });
    });
    const guard = async (req: FastifyRequest, needed: OperatorRole) => {
      const op = await opts.operatorSessions.resolve(header(req, 'token'), header(req, 'sessionid'));
      if (!operatorMay(op.role, needed)) {
        throw forbidden(`当前角色（${OPERATOR_ROLE_LABELS[op.role]}）无权执行此操作，需要${OPERATOR_ROLE_LABELS[needed]}权限`);
      }
      req.operator = op;
    };
    // Callback style: a request that is no operator call goes on without a promise.
    app.addHook('onRequest', (req, _reply, done) => {
      const needed = requiredOperatorRole(req);
      if (!needed) return done();
      guard(req, needed).then(() => done(), done);
    });
  },
  { name: 'admin-guard' },
);

/** The operator of a guarded route; throws 403 on a route the guard did not cover (a wiring mistake). */
export function operatorOf(req: FastifyRequest): OperatorContext {
  if (!req.operator) throw forbidden('仅限运营人员操作');
  return req.operator;
}
