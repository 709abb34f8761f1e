#!/usr/bin/env node
// 码著 CLI launcher: runs the compiled CLI (dist/cli.js, made by `npm run build`) when it exists; otherwise registers
// tsx and runs the TypeScript sources (development, or a checkout that was never built). MAZHU_CLI_SOURCE=1 forces
// the sources.
import fs from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
let main;
if (process.env.MAZHU_CLI_SOURCE !== '1' && fs.existsSync(compiled)) {
  ({ main } = await import(compiled.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli.ts'));
}
process.exitCode = await main(process.argv.slice(2));
