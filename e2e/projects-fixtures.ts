import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';

/**
 * Fixtures of the project journeys: real open-source code from the npm registry (pinned versions), packed as
 * the user would upload it, and readers for what comes back (the materials zip, the source-code PDF).
 */

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `mazhu-e2e-${prefix}-`));
}

/** `npm pack <spec>` into `dir`; returns the .tgz path (the package's published sources). */
export function packNpm(spec: string, dir: string): string {
  const out = execFileSync('npm', ['pack', spec, '--pack-destination', dir, '--silent'], { encoding: 'utf8', timeout: 120_000 });
  const file = out.trim().split('\n').pop() ?? '';
  const full = path.join(dir, file);
  if (!file || !fs.existsSync(full)) throw new Error(`npm pack ${spec} 没有产生压缩包：${out}`);
  return full;
}

/** Unpacks a .tgz with the system tar into a new folder and returns it. */
export function untar(tgz: string): string {
  const dir = tempDir('src');
  execFileSync('tar', ['-xzf', tgz, '-C', dir]);
  return dir;
}

/** Zips a folder (paths relative to it, '/'-separated) with fflate; returns the zip path. */
export function zipFolder(dir: string, zipPath: string): string {
  const files: Record<string, Uint8Array> = {};
  const walk = (abs: string, rel: string) => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const a = path.join(abs, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(a, r);
      else if (e.isFile()) files[r] = fs.readFileSync(a);
    }
  };
  walk(dir, '');
  fs.writeFileSync(zipPath, zipSync(files, { level: 6 }));
  return zipPath;
}

/** The entries of a zip file. */
export function readZip(buf: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(buf);
}

/** True when poppler's pdftotext is installed. */
export function hasPdftotext(): boolean {
  return spawnSync('pdftotext', ['-v']).status === 0;
}

/** The text of every page (pdftotext -layout; pages split at form feeds, the trailing empty part dropped). */
export function pdfPages(pdf: Uint8Array): string[] {
  const file = path.join(tempDir('pdf'), 'doc.pdf');
  fs.writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const pages = text.split('\f');
  if (pages.length && pages[pages.length - 1].trim() === '') pages.pop();
  return pages;
}

export interface SourcePageReport {
  header: string;
  pageNumber: number | null;
  bodyLines: string[];
}

/** Splits one page of the source-code PDF into its header line (name + version … page number) and body. */
export function readSourcePage(page: string): SourcePageReport {
  const lines = page.split('\n').filter((l) => l.trim() !== '');
  const head = lines[0] ?? '';
  const m = /^(.*?)\s+(\d+)\s*$/.exec(head.trim());
  return { header: (m ? m[1] : head).replace(/\s+/g, ''), pageNumber: m ? Number(m[2]) : null, bodyLines: lines.slice(1) };
}

/** The first line with visible text of a source file (what page 1 starts with). */
export function firstCodeLine(file: string): string {
  return (
    fs
      .readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '')
      ?.trim() ?? ''
  );
}
