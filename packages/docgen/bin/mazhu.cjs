#!/usr/bin/env node
'use strict';
// 码著 CLI launcher: runs the compiled CLI (dist/cli.cjs, made by `npm run build`, through bin/code-cache.cjs with its
// V8 code cache) when it exists; otherwise registers tsx and runs the TypeScript sources (development, or a checkout
// that was never built). MAZHU_CLI_SOURCE=1 forces the sources. A CommonJS script: Node starts one about 12 ms
// sooner than an ES module, whose loader it would set up first.
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');

// A run lasts about a second: let V8 optimise only what runs long (the lexer, the PDF reader), not every function
// that runs a few times — optimising those costs more CPU on the compiler threads than it saves (≈ 10 % of the
// run's CPU on a 50,000-line tree). The young generation starts at its full 16 MB: a run takes in the code's text
// all at once, and a young generation grown step by step copies it more often. Set before any of our code is
// loaded (code-cache.cjs V8_FLAGS); the PDF thread shares the settings, and the code caches were made with them.
const codeCache = require('./code-cache.cjs');
if (!process.execArgv.some((a) => a.startsWith('--interrupt-budget'))) for (const flag of codeCache.V8_FLAGS) v8.setFlagsFromString(flag);

async function run() {
  const compiled = path.join(__dirname, '../dist/cli.cjs');
  let main;
  let bundle;
  let pdfWorker;
  if (process.env.MAZHU_CLI_SOURCE !== '1' && fs.existsSync(compiled)) {
    // `generate` prints in a thread of its own: it starts now, while the CLI loads (cli.ts uses it, or stops it).
    if (process.argv[2] === 'generate') pdfWorker = codeCache.startWorker(path.join(__dirname, '../dist/pdf-worker.cjs'));
    bundle = codeCache.load(compiled);
    ({ main } = bundle.exports);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    ({ main } = await import('../src/cli.ts'));
  }
  const code = await main(process.argv.slice(2), { pdfWorker });
  // The build's priming run (scripts/build-server.mjs) writes the code cache of what this run compiled.
  if (bundle && process.env.MAZHU_CODE_CACHE === 'prime') bundle.save();
  // Exit as soon as the command is done (outputs written, stdout and stderr written synchronously): waiting for the
  // event loop to drain and the heap to be torn down only costs time.
  process.exit(code);
}

run().catch((e) => {
  process.stderr.write(`${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
