import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildSourceCodeDocument, renderSourceCodeDocx, renderSourceCodePdf, verifyPdf, type SourceCodeDocument } from '../src/index';
import { main } from '../src/cli';
import { readPdfLight } from '../src/verify/pdf-read';
import { useFastCffSubsets } from '../src/render/pdf-kit';
import { readPdfPages, readPdfPagesPdfjs, type PdfPageReport } from '../src/verify/verify';
import { chineseProject, codeFile } from './fixtures-code';
import { SOFFICE, docxToPdf, which } from './helpers';

const files = Object.entries(chineseProject(4, 160)).map(([p, t]) => codeFile(p, t));
const model = buildSourceCodeDocument({ name: '码著示例管理系统', version: 'V1.0', files });
const plan = { label: '源程序', header: model.header, pages: model.pages.length, plannedLines: model.pages.map((p) => p.lines.length), minLinesPerPage: 50 };

/** What the check rests on, page by page. */
const facts = (pages: PdfPageReport[]) => pages.map((p) => ({ header: p.header, pageNumber: p.pageNumber, lines: p.lines, hasImage: p.hasImage, empty: p.emptyGlyphs, replaced: p.replacedGlyphs }));

/** The objects of one of our PDFs (Latin-1 text `s`), by number: each body between `n 0 obj` and `endobj`. */
function pdfObjects(s: string): Map<number, { body: string; stream: boolean }> {
  const objects = new Map<number, { body: string; stream: boolean }>();
  const head = /(\d+) 0 obj\n/g;
  let m: RegExpExecArray | null;
  while ((m = head.exec(s))) {
    const start = m.index + m[0].length;
    let end = s.indexOf('\nendobj', start);
    const streamAt = s.indexOf('stream\n', start);
    const isStream = streamAt >= 0 && streamAt < end;
    if (isStream) end = s.indexOf('\nendobj', streamAt + 7 + Number(/\/Length (\d+)/.exec(s.slice(start, streamAt))![1]));
    objects.set(Number(m[1]), { body: s.slice(start, end), stream: isStream });
    head.lastIndex = end;
  }
  return objects;
}

/** Our PDF rewritten the way Word and Acrobat write theirs: objects packed into an object stream, a cross-reference stream with a PNG predictor. */
function repackWithObjectStreams(pdf: Buffer): Buffer {
  const s = pdf.toString('latin1');
  const objects = pdfObjects(s);
  const trailer = /trailer\n<<([\s\S]*?)>>\nstartxref/.exec(s)![1];
  const root = /\/Root (\d+ 0 R)/.exec(trailer)![1];
  const size = Math.max(...objects.keys()) + 1;
  const packed = [...objects].filter(([, o]) => !o.stream);
  const objStmNum = size;
  const xrefNum = size + 1;
  let offsets = '';
  let data = '';
  for (const [num, o] of packed) {
    offsets += `${num} ${data.length} `;
    data += o.body + '\n';
  }
  const objStm = deflateSync(Buffer.from(offsets + data, 'latin1'));
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n%\xff\xff\xff\xff\n', 'latin1')];
  let at = parts[0].length;
  const entries = new Map<number, [number, number, number]>([[0, [0, 0, 65535]]]);
  const write = (num: number, text: Buffer) => {
    entries.set(num, [1, at, 0]);
    parts.push(text);
    at += text.length;
  };
  for (const [num, o] of objects) if (o.stream) write(num, Buffer.from(`${num} 0 obj\n${o.body}\nendobj\n`, 'latin1'));
  packed.forEach(([num], i) => entries.set(num, [2, objStmNum, i]));
  write(objStmNum, Buffer.concat([Buffer.from(`${objStmNum} 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${offsets.length} /Filter /FlateDecode /Length ${objStm.length} >>\nstream\n`, 'latin1'), objStm, Buffer.from('\nendstream\nendobj\n')]));
  const xrefAt = at;
  entries.set(xrefNum, [1, xrefAt, 0]);
  // Rows of 7 bytes (W [1 4 2]), each PNG-filtered with "Up" (type 2) as PDF writers do.
  const rows: number[][] = [];
  for (let n = 0; n <= xrefNum; n++) {
    const [t, a, b] = entries.get(n) ?? [0, 0, 0];
    rows.push([t, (a >>> 24) & 255, (a >>> 16) & 255, (a >>> 8) & 255, a & 255, (b >>> 8) & 255, b & 255]);
  }
  const filtered = rows.flatMap((r, i) => [2, ...r.map((v, k) => (v - (i ? rows[i - 1][k] : 0)) & 255)]);
  const xref = deflateSync(Buffer.from(filtered));
  write(
    xrefNum,
    Buffer.concat([
      Buffer.from(`${xrefNum} 0 obj\n<< /Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Root ${root} /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> /Length ${xref.length} >>\nstream\n`, 'latin1'),
      xref,
      Buffer.from('\nendstream\nendobj\n'),
    ]),
  );
  parts.push(Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`));
  return Buffer.concat(parts);
}

describe('the PDF read back from the printed file', () => {
  it('reads our PDF, a LibreOffice PDF and one with object and cross-reference streams as pdfjs does', async () => {
    const ours = await renderSourceCodePdf(model);
    const inputs: [string, Buffer][] = [
      ['pdfkit', ours],
      ['object streams', repackWithObjectStreams(ours)],
    ];
    if (SOFFICE) inputs.push(['LibreOffice', docxToPdf(await renderSourceCodeDocx(model))]);
    for (const [producer, pdf] of inputs) {
      expect(readPdfLight(pdf), producer).toBeDefined();
      const light = await readPdfPages(pdf);
      expect(facts(light), producer).toEqual(facts(await readPdfPagesPdfjs(pdf)));
      expect(light.map((p) => p.lines), producer).toEqual(plan.plannedLines);
      expect(light.every((p, i) => p.header === model.header.replace(/\s+/g, '') && p.pageNumber === i + 1), producer).toBe(true);
    }
  });

  it('leaves a file it does not read to pdfjs, with the same result', async () => {
    const ours = await renderSourceCodePdf(model);
    // The same file with its first content stream hex-encoded (ASCIIHexDecode, a filter the light reader leaves out).
    const s = ours.toString('latin1');
    const m = /\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/.exec(s)!;
    const start = m.index + m[0].length;
    const hex = Buffer.from(`${ours.subarray(start, start + Number(m[1])).toString('hex')}>`);
    const head = Buffer.from(s.slice(0, m.index) + `/Length ${hex.length}\n/Filter [/ASCIIHexDecode /FlateDecode]\n>>\nstream\n`, 'latin1');
    const tail = ours.subarray(start + Number(m[1]));
    const shifted = Buffer.concat([head, hex, tail]);
    // Offsets after the edit moved: a viewer (and pdfjs) rebuilds the table; the light reader gives up.
    expect(readPdfLight(shifted)).toBeUndefined();
    expect(facts(await readPdfPages(shifted))).toEqual(facts(await readPdfPages(ours)));
  });

  it('fails a missing line, a wrong page number and a wrong header, all read from the printed pages', async () => {
    const tampered: SourceCodeDocument = {
      ...model,
      pages: model.pages.map((p, i) => ({
        ...p,
        number: i === 2 ? 7 : p.number,
        lines: i === 1 ? p.lines.slice(1) : p.lines,
      })),
    };
    const r = await verifyPdf(await renderSourceCodePdf(tampered), plan);
    const failed = Object.fromEntries(r.items.filter((i) => !i.ok).map((i) => [i.title, i.detail]));
    expect(failed['源程序每页行数']).toBe('第 2 页不足 50 行（如第 2 页仅 49 行）');
    const rows = model.pages[1].lines.length;
    expect(failed['源程序打印页与计划一致']).toBe(`第 2 页行数与计划不符（第 2 页打印 ${rows - 1} 行，计划 ${rows} 行）`);
    expect(failed['源程序页码']).toBe('第 3 页右上角页码不连续（读到 7）');
    const other = await verifyPdf(await renderSourceCodePdf({ ...model, header: '别的管理系统 V1.0' }), plan);
    expect(other.items.find((i) => i.title === '源程序页眉')).toMatchObject({ ok: false, detail: expect.stringMatching(/^第 1–\d+ 页页眉与“码著示例管理系统 V1.0”不一致（读到“别的管理系统V1.0”）$/) });
  });

  it('mazhu verify exits 1 on a page that is one line short', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mazhu-verify-'));
    const file = path.join(dir, '源程序.pdf');
    writeFileSync(file, await renderSourceCodePdf({ ...model, pages: model.pages.map((p, i) => (i === 0 ? { ...p, lines: p.lines.slice(1) } : p)) }));
    const logs: string[] = [];
    const log = console.log;
    console.log = (m: string) => logs.push(m);
    try {
      expect(await main(['verify', file, '--name', '码著示例管理系统', '--version', 'V1.0'])).toBe(1);
    } finally {
      console.log = log;
      rmSync(dir, { recursive: true, force: true });
    }
    const continued = model.pages[0].lines.filter((l) => l.part > 0).length;
    expect(logs[0]).toBe(`第 1 页：页码 1，49 行${continued ? `（另有续行 ${continued} 行）` : ''}，页眉“码著示例管理系统V1.0”`);
    expect(logs.join('\n')).toMatch(/\[未通过\] 源程序每页行数：第 1 页不足 50 行/);
  });
});

describe('the CJK font subset', () => {
  it.skipIf(!which('pdftoppm'))('draws the same pixels as fontkit’s subset, with a font program half the size or less', async () => {
    const fast = await renderSourceCodePdf(model);
    useFastCffSubsets(false);
    let library: Buffer;
    try {
      library = await renderSourceCodePdf(model, { writer: 'pdfkit' });
    } finally {
      useFastCffSubsets(true);
    }
    // The embedded CJK font (FontFile3), as stored in the file.
    const fontProgram = (pdf: Buffer) => {
      const s = pdf.toString('latin1');
      const n = /\/FontFile3 (\d+) 0 R/.exec(s)![1];
      return Number(new RegExp(`(?:^|\\n)${n} 0 obj\\s*<<[\\s\\S]*?/Length (\\d+)`).exec(s)![1]);
    };
    expect(fontProgram(fast)).toBeLessThan(fontProgram(library) * 0.6);
    const dir = mkdtempSync(path.join(tmpdir(), 'mazhu-cff-'));
    try {
      const raster = (name: string, pdf: Buffer) => {
        writeFileSync(path.join(dir, `${name}.pdf`), pdf);
        return ['1', '2'].map((p) => {
          execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', p, '-l', p, '-singlefile', path.join(dir, `${name}.pdf`), path.join(dir, `${name}-${p}`)]);
          return readFileSync(path.join(dir, `${name}-${p}.pgm`));
        });
      };
      const [a, b] = [raster('fast', fast), raster('library', library)];
      expect(a[0].equals(b[0]) && a[1].equals(b[1])).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Our PDF with the first page's content replaced by `content` (uncompressed), written out with a new cross-reference table. */
function withFirstPageContent(pdf: Buffer, content: string): Buffer {
  const s = pdf.toString('latin1');
  const objects = new Map([...pdfObjects(s)].map(([n, o]) => [n, o.body]));
  const page = [...objects.values()].find((b) => b.startsWith('<<\n/Type /Page\n'))!;
  const contents = Number(/\/Contents (\d+) 0 R/.exec(page)![1]);
  objects.set(contents, `<<\n/Length ${content.length}\n>>\nstream\n${content}\nendstream`);
  const trailer = /trailer\n(<<[\s\S]*?>>)\nstartxref/.exec(s)![1];
  let out = '%PDF-1.3\n%\xff\xff\xff\xff\n';
  const offsets: number[] = [];
  const size = Math.max(...objects.keys()) + 1;
  for (let n = 1; n < size; n++) {
    offsets[n] = out.length;
    out += `${n} 0 obj\n${objects.get(n)}\nendobj\n`;
  }
  const xrefAt = out.length;
  out += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) out += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n${trailer}\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('reading common forms by pattern', () => {
  it('reads every file as it does token by token: ours, object streams, pdfkit, LibreOffice, symbol fonts, the form', async () => {
    const { renderFormTablePdf } = await import('../src/form/render-form-pdf');
    const ours = await renderSourceCodePdf(model);
    const symbols = buildSourceCodeDocument({
      name: '码著示例管理系统',
      version: 'V1.0',
      files: [codeFile('src/s.js', `// ✓ 通过 ✗ 失败 → ★ ∑ ≠ ≤ ≥ ∞ ├── └── é ж Ω ⚠ 😀 🚀 \\ (x) \u{1D800}\n`.repeat(80))],
    });
    const inputs: [string, Buffer][] = [
      ['ours', ours],
      ['object streams', repackWithObjectStreams(ours)],
      ['pdfkit', await renderSourceCodePdf(model, { writer: 'pdfkit' })],
      ['symbols', await renderSourceCodePdf(symbols)],
      ['form', await renderFormTablePdf({ name: '码著示例管理系统', header: '码著示例管理系统 V1.0', title: '计算机软件著作权登记申请表', rows: [['软件全称', '码著示例管理系统'], ['版本号', 'V1.0']] })],
    ];
    if (SOFFICE) inputs.push(['LibreOffice', docxToPdf(await renderSourceCodeDocx(model))]);
    for (const [producer, pdf] of inputs) {
      const fast = readPdfLight(pdf);
      expect(fast, producer).toBeDefined();
      expect(fast, producer).toEqual(readPdfLight(pdf, { patterns: false }));
    }
  });

  it('reads the plain forms and their near misses alike: escapes, nested strings, comments, odd numbers, spacing, cm inside q … Q', async () => {
    const content = [
      '1 0 0 -1 0 841.89 cm',
      'q 0.5 w 56.7 52 m 552.78 52 l S Q',
      'q 1 0 0 1 5 5 cm 0.5 w 0 0 m 10 10 l S Q',
      'q 2 0 0 2 0 0 cm',
      'BT',
      '/F1 9 Tf',
      '1 0 0 -1 56.7 80 Tm (plain \\(escaped\\) \\\\ back) Tj',
      '1 0 0 -1 56.7 94 Tm (octal \\101\\102 and a \\\ncontinued line) Tj',
      '1 0 0 -1 56.7 108 Tm (nested (parens) here) Tj',
      '1 0 0 -1 56.7 122 Tm % a comment',
      '(after a comment) Tj',
      '1 0 0 -1 +.5 136. Tm (odd numbers) Tj',
      '/F2 9.9 Tf 109.09 Tz 1 0 0 -1 56.7 150 Tm <0001 0002> Tj',
      '/F2 9.9 Tf 109.09 Tz 1 0 0 -1 56.7 164 Tm <000100020> Tj',
      '/F2 9.9 Tf 109.09 Tz 1 0 0 -1 56.7 178 Tm <00010002> Tj',
      '/F1 9 Tf 100 Tz 2 Tc 1 0 0 -1 56.7 192 Tm (spaced out) Tj',
      '0 Tc 3 Tw 1 0 0 -1 56.7 206 Tm (word spaced) Tj',
      '0 Tw 1 0 0 -1 56.7 220 Tm (abc)Tj',
      '1 0 0 -1 56.7 234 Tm [(TJ) -500 (array)] TJ',
      '0 1 -1 0 56.7 248 Tm (turned) Tj',
      '1 0 0 -1 56.7 262 Tm () Tj',
      '1 0 0 -1 56.7 276 Tm (   leading spaces) Tj',
      '1 0 0 -1 56.7 290 Tm (no end) Tjx',
      'ET',
      'Q',
      'BT /F1 9 Tf 1 0 0 -1 56.7 304 Tm (after Q) Tj ET',
    ].join('\n');
    const pdf = withFirstPageContent(await renderSourceCodePdf(model), content);
    const fast = readPdfLight(pdf);
    expect(fast).toBeDefined();
    expect(fast).toEqual(readPdfLight(pdf, { patterns: false }));
    const text = fast![0].runs.map((r) => r.str);
    expect(text).toEqual(expect.arrayContaining(['plain (escaped) \\ back', 'nested (parens) here', 'after a comment', 'odd numbers', 'after Q']));
    expect(text).toContain('octal AB and a continued line');
  });
});
