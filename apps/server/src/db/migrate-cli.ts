/**
 * `npm run db:migrate`: runs the pending migrations against the configured database (DATABASE_URL, or the SQLite
 * file in DATA_DIR) and prints what ran. The server also migrates at start; this is for deployments that migrate first.
 */
import { ConfigError, loadConfig } from '../config';
import { migrate, openDb } from './index';

try {
  const config = loadConfig();
  const handle = openDb(config);
  try {
    const ran = await migrate(handle);
    console.log(ran.length ? `已执行迁移：${ran.join('、')}` : '数据库已是最新，无需迁移');
  } finally {
    await handle.destroy();
  }
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : `迁移失败：${String(e)}`);
  process.exit(1);
}
