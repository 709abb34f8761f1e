/**
 * Demonstration: kill -9 the server in the middle of a generation, start it again, and the job completes.
 *
 *   node --import tsx apps/server/scripts/crash-restart.ts
 *
 * 1. A web-only app (ROLE=web) on a fresh DATA_DIR creates a user, uploads lodash 4.17.21 (docgen's pinned corpus,
 *    `npm pack` once when absent), creates a project and asks to generate: the job is queued and charged.
 * 2. The real server (`node --import tsx apps/server/src/main.ts`, ROLE=all) starts, claims the job; as soon as the
 *    job is running it is killed with SIGKILL.
 * 3. The server is started again on the same DATA_DIR: it sees the job's process is dead, claims it again and
 *    finishes it. The script prints the job row and the ledger (one charge, no refund).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDb } from '../src/db';
import { hashPassword } from '../src/modules/auth/passwords';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const cache = path.join(root, 'packages/docgen/.cache/npm');
const tgz = path.join(cache, 'lodash-4.17.21.tgz');
if (!fs.existsSync(tgz)) {
  fs.mkdirSync(cache, { recursive: true });
  execFileSync('npm', ['pack', 'lodash@4.17.21', '--silent'], { cwd: cache, stdio: 'ignore' });
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mazhu-crash-'));
const env = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'none') };

// 1. Queue a generation without running it (web-only role).
const web = await buildApp(loadConfig({ ...env, ROLE: 'web' }));
const now = new Date().toISOString();
const u = await web.deps.db
  .insertInto('users')
  .values({ mobile: '13900000000', email: null, name: '演示', password_hash: await hashPassword('Demo-1234'), role: 1, invitation_code: null, inviter_id: null, free_times: 0, disabled: 0, created_at: now, updated_at: now })
  .returning('id')
  .executeTakeFirstOrThrow();
await web.deps.db.updateTable('users').set({ recharge_points: 500 }).where('id', '=', u.id).execute();
const s = await web.deps.sessions.issue(u.id);
const headers = { token: s.token, sessionid: s.sessionId };
const form = new FormData();
form.set('file', new Blob([fs.readFileSync(tgz)]), 'lodash.tgz');
const req = new Request('http://x/', { method: 'POST', body: form });
const up = JSON.parse((await web.inject({ method: 'POST', url: '/api/uploadCodeProject', headers: { ...headers, 'content-type': req.headers.get('content-type')! }, payload: Buffer.from(await req.arrayBuffer()) })).body);
const add = JSON.parse((await web.inject({ method: 'POST', url: '/api/addProject', headers, payload: { name: '崩溃恢复演示系统', uploadId: up.data.uploadId } })).body);
const gen = JSON.parse((await web.inject({ method: 'POST', url: '/api/generateProjectWord', headers, payload: { id: add.data.id } })).body);
console.log(`queued: project ${add.data.id} (${up.data.analysis.sourceLines} lines), state ${gen.data.state}`);
await web.close();

const db = openDb({ dataDir }).db;
const job = () => db.selectFrom('generation_jobs').selectAll().where('ref_id', '=', add.data.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
const serve = (): ChildProcess => spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// 2. Start the server and kill it while the job runs (inside the materials engine, progress ≥ 10 %).
const first = serve();
for (;;) {
  const j = await job();
  if (j.state === 'running' && j.progress >= 10) {
    first.kill('SIGKILL');
    console.log(`killed pid ${first.pid} while running (attempt ${j.attempts}, progress ${j.progress}%, ${j.message})`);
    break;
  }
  if (j.state === 'succeeded') throw new Error('finished before it could be killed; try again');
  await sleep(5);
}
await new Promise((r) => first.once('exit', r));
console.log('after the crash:', JSON.stringify(await job(), ['state', 'attempts', 'locked_by', 'lease_until']));

// 3. Start again: the job is claimed again and completes.
const t0 = Date.now();
const second = serve();
let j = await job();
while (j.state !== 'succeeded' && j.state !== 'failed' && Date.now() - t0 < 60_000) {
  await sleep(100);
  j = await job();
}
second.kill('SIGTERM');
await new Promise((r) => second.once('exit', r));
const ledger = await db.selectFrom('points_ledger').select(['kind', 'delta', 'reason']).where('user_id', '=', u.id).execute();
const project = await db.selectFrom('projects').select(['status', 'progress', 'message']).where('id', '=', add.data.id).executeTakeFirstOrThrow();
console.log(`after restart (${((Date.now() - t0) / 1000).toFixed(1)} s):`, JSON.stringify({ job: { state: j.state, attempts: j.attempts }, project, ledger }));
await db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(j.state === 'succeeded' && ledger.length === 1 ? 0 : 1);
