import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { contentRoutes } from './content/content.routes';

/**
 * Registers every feature module. Each module is a Fastify plugin in `modules/<feature>/<feature>.routes.ts`
 * taking the dependencies it needs.
 */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(contentRoutes, { db: deps.db });
}
