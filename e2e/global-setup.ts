import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data directory (its SQLite file `mazhu.db`), for fixtures such as a user's balance. */
    dataDir: string;
  }
}

/** The bootstrap operator of the e2e server (also read by the journeys). */
export const E2E_OPERATOR = { username: 'e2e-admin', password: 'e2e-admin-password-long' };

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
const serverModule = (file: string) => path.resolve(import.meta.dirname, '../apps/server/src', file);

/** Interface of the server module we use (apps/server/src/app.ts and config.ts). */
interface ServerModules {
  buildApp: (config: unknown) => Promise<{ listen: (o: { port: number; host: string }) => Promise<string>; close: () => Promise<void> }>;
  loadConfig: (env: NodeJS.ProcessEnv) => unknown;
}

/**
 * Starts the real server on a random port with a fresh data directory, serving the built web app,
 * with the captcha test mode and the dev outbox on (so tests can solve the slider and read codes).
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`未找到前端构建产物 ${webDist}，请先运行 npm run build（npm run test:e2e 会自动构建）`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-e2e-'));
  // Loaded by URL so this package does not type-check the server's sources (they have their own typecheck).
  const { buildApp } = (await import(serverModule('app.ts'))) as Pick<ServerModules, 'buildApp'>;
  const { loadConfig } = (await import(serverModule('config.ts'))) as Pick<ServerModules, 'loadConfig'>;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    SMS_GATEWAY_URL: '',
    WEB_DIST: webDist,
    CAPTCHA_TEST_MODE: '1',
    OUTBOX: '1',
    // The back office's bootstrap operator (管理员) for the journeys that sign in at /admin.
    OPERATOR_USERNAME: E2E_OPERATOR.username,
    OPERATOR_PASSWORD: E2E_OPERATOR.password,
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp(config);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('baseUrl', address);
  project.provide('dataDir', dataDir);

  return async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
