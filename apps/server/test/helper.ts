import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';

/**
 * Builds the real app for API tests: a SQLite file in a fresh temp dir, or — when TEST_DATABASE_URL is set
 * (`npm run test:pg`) — a fresh PostgreSQL schema dropped afterwards. `env` overrides environment variables.
 */
export async function buildTestApp(env: Record<string, string> = {}, patch: Partial<AppConfig> = {}): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-test-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), ...env }),
    ...patch,
  };
  const pgUrl = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  if (pgUrl) {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    config.databaseUrl = pgUrl;
    config.databaseSchema = schema;
  }
  const app = await buildApp(config);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl && schema) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    }
  });
  return app;
}

/** Parses an envelope answer and checks the HTTP status is 200 (every /api answer is). */
export function body<T = unknown>(res: { statusCode: number; body: string }): { code: number; msg: string; data: T } {
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body) as { code: number; msg: string; data: T };
}
