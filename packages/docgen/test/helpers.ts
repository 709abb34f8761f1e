import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { deflateSync } from 'node:zlib';

export const which = (bin: string): string | undefined => {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const p = path.join(dir, bin);
    if (existsSync(p)) return p;
  }
  return undefined;
};
export const SOFFICE = which('soffice');
export const PDFTOTEXT = which('pdftotext');

/**
 * The printed lines of a PDF as poppler's `pdftotext -layout` reads them (side-by-side cells share a line), each
 * trimmed: a word broken across two lines shows as two lines, a justified line stretched across the page as
 * characters separated by runs of spaces.
 */
export function pdfLayoutLines(pdf: Uint8Array): string[] {
  return execFileSync(PDFTOTEXT!, ['-layout', '-', '-'], { input: pdf, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Converts a .docx to PDF with LibreOffice (an independent renderer); returns the PDF bytes. */
export function docxToPdf(docx: Uint8Array): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'mazhu-lo-'));
  try {
    const src = path.join(dir, 'in.docx');
    writeFileSync(src, docx);
    execFileSync(SOFFICE!, [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, src], { stdio: 'ignore', timeout: 120_000 });
    return readFileSync(path.join(dir, 'in.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Minimal ustar writer for hostile-archive tests. */
export function tar(entries: { name: string; data?: string | Buffer; type?: '0' | '2' | '1' | '5'; link?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const data = e.data === undefined ? Buffer.alloc(0) : Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const h = Buffer.alloc(512);
    h.write(e.name, 0, 100, 'utf8');
    h.write('0000644\0', 100);
    h.write('0000000\0', 108);
    h.write('0000000\0', 116);
    h.write(data.length.toString(8).padStart(11, '0') + '\0', 124);
    h.write('00000000000\0', 136);
    h.write('        ', 148);
    h.write(e.type ?? '0', 156);
    if (e.link) h.write(e.link, 157, 100, 'utf8');
    h.write('ustar\0', 257);
    h.write('00', 263);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
    blocks.push(h, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** A small valid RGB PNG. */
export function png(w: number, h: number): Buffer {
  const crcT = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcT[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (t: string, d: Buffer) => {
    const l = Buffer.alloc(4);
    l.writeUInt32BE(d.length);
    const td = Buffer.concat([Buffer.from(t), d]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([l, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw[y * (w * 3 + 1) + 1 + x * 3] = (x * 7 + y) & 0xff;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The text of every page of a PDF as read by pdf.js (items joined, whitespace removed), for read-back checks. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join('').replace(/\s+/g, ''));
  }
  return pages;
}

export interface ZipEntry {
  /** A string is written as UTF-8 with the UTF-8 flag; raw bytes without it (as old Windows tools write). */
  name: string | Buffer;
  /** Bytes as stored in the archive (deflated when method 8). */
  stored: Buffer;
  method: 0 | 8;
  /** Declared uncompressed size and CRC. */
  usize: number;
  crc: number;
}

/**
 * A zip written by hand, so an archive can declare what it wants: the same deflated body under many names (a bomb
 * built in milliseconds), a size that does not match, a body that is not deflate data.
 */
export function handZip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let off = 0;
  for (const e of entries) {
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name);
    const flags = Buffer.isBuffer(e.name) ? 0 : 0x800;
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(flags, 6);
    lh.writeUInt16LE(e.method, 8);
    lh.writeUInt32LE(e.crc, 14);
    lh.writeUInt32LE(e.stored.length, 18);
    lh.writeUInt32LE(e.usize, 22);
    lh.writeUInt16LE(name.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(flags, 8);
    ch.writeUInt16LE(e.method, 10);
    ch.writeUInt32LE(e.crc, 16);
    ch.writeUInt32LE(e.stored.length, 20);
    ch.writeUInt32LE(e.usize, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt32LE(off, 42);
    parts.push(lh, name, e.stored);
    central.push(ch, name);
    off += 30 + name.length + e.stored.length;
  }
  const cd = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(off, 16);
  return Buffer.concat([...parts, cd, eocd]);
}
