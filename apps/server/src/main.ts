import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp(config);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A web process drains first: readiness says 503 while what reaches it is still accepted and served.
    app.readiness.drain();
    if (config.role !== 'worker' && config.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  if (config.role === 'worker') {
    // A worker only runs generation jobs: no HTTP listener, so any number can run beside the web servers.
    await app.ready();
    app.log.info(`码著生成任务进程已启动（数据库：${app.deps.dialect}）`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`码著已启动：http://localhost:${config.port}（数据库：${app.deps.dialect}，角色：${config.role}）`);
}

main().catch((e: unknown) => {
  console.error('启动失败：', e);
  process.exit(1);
});
