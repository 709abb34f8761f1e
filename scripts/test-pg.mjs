// Runs the server's API tests against a real PostgreSQL (TEST_DATABASE_URL, default the local `test` database).
import { spawnSync } from 'node:child_process';

const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' };
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--no-file-parallelism'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
