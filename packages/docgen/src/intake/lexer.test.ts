import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceScan } from '../../test/lexer-reference';
import type { CommentStyle } from './languages';
import { countLines, scanSource, LINE_CODE, LINE_COMMENT } from './lexer';

describe('token-aware comment scanning', () => {
  it('never treats comment markers inside strings, templates or regexes as comments', () => {
    const src = [
      'const url = "http://example.com/a"; // trailing',
      "const re = /\\/\\/not-a-comment/g; /* block */",
      'const t = `/* still a string ${x} */`;',
      '/* multi',
      '   line */ let y = 1;',
      'const d = a / b / c; // division',
    ].join('\n');
    const { stripped, lineFlags } = scanSource(src, 'js');
    const out = stripped.split('\n');
    expect(out[0]).toBe('const url = "http://example.com/a"; ');
    expect(out[1]).toBe('const re = /\\/\\/not-a-comment/g; ');
    expect(out[2]).toBe('const t = `/* still a string ${x} */`;');
    expect(out[3]).toBe('');
    expect(out[4]).toBe(' let y = 1;');
    expect(out[5]).toBe('const d = a / b / c; ');
    expect(out).toHaveLength(6);
    expect(lineFlags[3]).toBe(LINE_COMMENT);
    expect(lineFlags[4]).toBe(LINE_CODE | LINE_COMMENT);
  });
  it('handles hash, python triple quotes, SQL and markup comments', () => {
    expect(scanSource('x = "# not" # yes\n', 'python').stripped).toBe('x = "# not" \n');
    expect(scanSource('s = """\n# inside\n"""\n', 'python').stripped).toBe('s = """\n# inside\n"""\n');
    expect(scanSource("echo ${#arr} # c\n", 'hash').stripped).toBe('echo ${#arr} \n');
    expect(scanSource("select '--x' -- c\n", 'sql').stripped).toBe("select '--x' \n");
    expect(scanSource('<a><!-- c\n c --></a>', 'markup').stripped).toBe('<a>\n</a>');
    expect(scanSource('a { b: url(http://x) } // c', 'scss').stripped).toBe('a { b: url(http://x) } ');
  });
  it('scans <script> and <style> blocks of Vue and HTML with their own rules', () => {
    const vue = [
      '<template>',
      '  <div class="a">// not a comment in markup</div><!-- 注释 -->',
      '</template>',
      '<script>',
      "const url = 'http://x/y'; // 注释",
      '/* 块注释 */',
      'export default {}',
      '</script>',
      '<style lang="scss">',
      '.a { color: red; } // 样式注释',
      '</style>',
    ].join('\n');
    const r = scanSource(vue, 'markup');
    const out = r.stripped.split('\n');
    expect(out[1]).toBe('  <div class="a">// not a comment in markup</div>');
    expect(out[4]).toBe("const url = 'http://x/y'; ");
    expect(out[5]).toBe('');
    expect(out[9]).toBe('.a { color: red; } ');
    expect(out).toHaveLength(11);
    expect(r.lineFlags[5]).toBe(LINE_COMMENT);
    expect(r.lineFlags[3]).toBe(LINE_CODE);
  });
});

const STYLES: CommentStyle[] = ['c', 'js', 'css', 'scss', 'hash', 'python', 'sql', 'lua', 'markup', 'php', 'none'];

/** Pieces that open, close or escape something in one style or another, and plain code around them. */
const PIECES = [
  '/', '*', '//', '/*', '*/', '"', "'", '`', '\\', '\n', '\n', '\n', ' ', '  ', '\t', '\r', '\f', '\v', '\u00a0', '#', ';#', '-', '--',
  '--[[', ']]', '--[=[', ']=]', '<!--', '-->', '<', '>', '<a>', '"""', "'''", '[', ']', '(', ')', '{', '}', '=', ';', ':', ',', '+',
  'return', 'typeof', 'in', 'x', 'a1', '$_', '中文', '1', '.', '${', 'http://x', '<script>', '</script>', '<style lang="scss">',
  '</style>', '<script type="text/html">', 'let y = 1', '  ',
];
const source = fc.array(fc.constantFrom(...PIECES), { maxLength: 80, size: 'max' }).map((p) => p.join(''));

describe('scanSource against the character-by-character reference', () => {
  it('gives the same stripped text and line flags in every style', () => {
    fc.assert(
      fc.property(source, fc.constantFrom(...STYLES), (text, style) => {
        const want = referenceScan(text, style);
        const got = scanSource(text, style);
        expect(got.stripped).toBe(want.stripped);
        expect(Array.from(got.lineFlags)).toEqual(Array.from(want.lineFlags));
        expect(Array.from(scanSource(text, style, false).lineFlags)).toEqual(Array.from(want.lineFlags));
      }),
      { numRuns: 20_000 },
    );
  });
  it('agrees on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'grapheme-ascii' }), fc.constantFrom(...STYLES), (text, style) => {
        const want = referenceScan(text, style);
        const got = scanSource(text, style);
        expect(got.stripped).toBe(want.stripped);
        expect(Array.from(got.lineFlags)).toEqual(Array.from(want.lineFlags));
      }),
      { numRuns: 5_000 },
    );
  });
  it('counts a line end escaped inside a string as a line end, the string going on on the next line', () => {
    // s = "a\<line end>b": two lines of code, then a comment line, a code line and the empty last line.
    expect(Array.from(scanSource('s = "a\\\nb"\n// c\nx\n', 'js', false).lineFlags)).toEqual([1, 1, 2, 1, 0]);
    expect(countLines('s = "a\\\nb"\n// c\nx\n', 'js')).toEqual({ lines: 4, codeLines: 3, commentLines: 1, blankLines: 0 });
    // Python: a continued single-quoted string and a triple-quoted one with an escaped line end.
    expect(countLines("x = 'a\\\n  b'\n# c\ny = '''p\\\nq'''\n", 'python')).toEqual({ lines: 5, codeLines: 4, commentLines: 1, blankLines: 0 });
    // A regular expression cannot go on: its line end ends it.
    expect(Array.from(scanSource('r = /a\\\n// c\n', 'js', false).lineFlags)).toEqual([1, 2, 0]);
  });
});
