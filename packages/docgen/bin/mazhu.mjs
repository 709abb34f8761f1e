#!/usr/bin/env node
// 码著 CLI launcher: registers tsx so the TypeScript sources run directly, then runs src/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
