import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Real code bases nobody here wrote, pinned, fetched once with `npm pack` into .cache/npm. */
export const CORPORA = ['lodash@4.17.21', 'node-gyp@10.2.0', 'nan@2.22.0', 'bootstrap@5.3.3', 'qs@6.13.0', 'vue-element-admin@3.9.3'] as const;

export const CACHE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.cache', 'npm');

export function tarballName(spec: string): string {
  const [name, version] = spec.split('@');
  return `${name}-${version}.tgz`;
}

export default function setup(): void {
  mkdirSync(CACHE, { recursive: true });
  for (const spec of CORPORA) {
    if (existsSync(path.join(CACHE, tarballName(spec)))) continue;
    execFileSync('npm', ['pack', spec, '--silent'], { cwd: CACHE, stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
  }
}
