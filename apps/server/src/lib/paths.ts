import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * Absolute path of the server package (`apps/server`), found by walking up from this module to the package.json
 * named `@mazhu/server`. Works from the TypeScript sources (`src/…`, run by tsx) and from the compiled bundle
 * (`dist/main.js`), whose module URL sits at another depth. Throws when the package cannot be found.
 */
export function serverRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      const name = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name;
      if (name === '@mazhu/server') return (root = dir);
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('找不到服务器程序目录（apps/server/package.json）');
    dir = up;
  }
}

/** `serverRoot()` joined with `segments`, e.g. `serverPath('assets', 'captcha')`. */
export const serverPath = (...segments: string[]): string => path.join(serverRoot(), ...segments);
