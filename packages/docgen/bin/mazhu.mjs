#!/usr/bin/env node
// 码著 CLI launcher: runs the compiled CLI (dist/cli.js, made by `npm run build`) when it exists; otherwise registers
// tsx and runs the TypeScript sources (development, or a checkout that was never built). MAZHU_CLI_SOURCE=1 forces
// the sources.
import fs from 'node:fs';
import v8 from 'node:v8';

// A run lasts about a second: let V8 optimise only what runs long (the lexer, the PDF reader), not every function
// that runs a few times — optimising those costs more CPU on the compiler threads than it saves (≈ 10 % of the
// run's CPU on a 50,000-line tree). Set before any of our code is loaded; the PDF thread shares the setting.
if (!process.execArgv.some((a) => a.startsWith('--interrupt-budget'))) v8.setFlagsFromString('--interrupt-budget=1000000');

const compiled = new URL('../dist/cli.js', import.meta.url);
let main;
if (process.env.MAZHU_CLI_SOURCE !== '1' && fs.existsSync(compiled)) {
  ({ main } = await import(compiled.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli.ts'));
}
// Exit as soon as the command is done (outputs written, stdout and stderr written synchronously): waiting for the
// event loop to drain and the heap to be torn down only costs time.
process.exit(await main(process.argv.slice(2)));
