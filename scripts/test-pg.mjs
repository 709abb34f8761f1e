// Runs the server's API tests against a real PostgreSQL (TEST_DATABASE_URL, default the local `test` database).
// Each test app gets its own schema (apps/server/test/helper.ts), so files run side by side like the SQLite run.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' };
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
