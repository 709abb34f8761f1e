// Atomic builds. A build output that running processes read (apps/server/dist, apps/web/dist, packages/docgen/dist) is
// a symlink to one directory of `<output>-builds/`: a build is written into a new directory there, and published by
// renaming a new symlink over the old one — readers see the previous build or the new one, never a half-written or a
// missing one. A server started before keeps reading its own build: Node resolves the symlink when it loads
// main.js, so the server's import.meta.url, and the worker files it starts from it, name that build's directory,
// which stays until `keep` newer builds have been published.
import fs from 'node:fs';
import path from 'node:path';

/** The directory that holds the builds of `output`. */
export const buildsOf = (output) => `${output}-builds`;

let made = 0;

/** A new, empty directory for the next build of `output` (named by time, a counter and the process: sorts by age). */
export function newBuildDir(output) {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 17);
  fs.mkdirSync(buildsOf(output), { recursive: true });
  const dir = path.join(buildsOf(output), `${stamp}-${String(++made).padStart(4, '0')}-${process.pid}`);
  fs.mkdirSync(dir);
  return dir;
}

/** The build directory `output` points at now, or undefined before the first build. */
export function currentBuild(output) {
  try {
    return fs.realpathSync(output);
  } catch {
    return undefined;
  }
}

/**
 * Points `output` at the finished build `dir` in one rename, then deletes all but the `keep` newest builds (never
 * the one published). An `output` that is still a plain directory (from before atomic builds) is first moved among
 * the builds, since a running process may read it.
 */
export function publishBuild(output, dir, { keep = 3 } = {}) {
  const link = `${output}.next-${process.pid}`;
  fs.rmSync(link, { force: true });
  fs.symlinkSync(path.relative(path.dirname(output), dir), link);
  const existing = fs.lstatSync(output, { throwIfNoEntry: false });
  if (existing && !existing.isSymbolicLink()) fs.renameSync(output, path.join(buildsOf(output), `00000000000000000-legacy-${process.pid}`));
  fs.renameSync(link, output);
  const builds = fs
    .readdirSync(buildsOf(output))
    .map((name) => path.join(buildsOf(output), name))
    .sort()
    .reverse();
  for (const old of builds.slice(keep)) if (path.resolve(old) !== path.resolve(dir)) fs.rmSync(old, { recursive: true, force: true });
}

/**
 * The files the web build in `dir` made itself (its Vite manifest: each chunk's file, CSS and assets under assets/),
 * with their precompressed siblings: what an open tab of that build may still ask for. Empty without a manifest.
 */
export function ownAssets(dir) {
  const manifestFile = path.join(dir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const files = new Set();
  for (const chunk of Object.values(manifest)) for (const f of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) if (f?.startsWith('assets/')) files.add(f);
  return [...files].flatMap((f) => [f, `${f}.br`, `${f}.gz`]).filter((f) => fs.existsSync(path.join(dir, f)));
}

/**
 * Copies the assets the web build `previous` made itself (ownAssets) that `next` lacks into `next` (content-hashed
 * names: a file of the same name is the same file). Resolves with how many were copied.
 */
export function carryAssets(previous, next) {
  let n = 0;
  for (const f of ownAssets(previous)) {
    const to = path.join(next, f);
    if (fs.existsSync(to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(previous, f), to);
    n++;
  }
  return n;
}
