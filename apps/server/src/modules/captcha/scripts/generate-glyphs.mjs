/**
 * Extracts the click-word glyph outlines into apps/server/assets/captcha/glyphs/glyphs.json (committed),
 * so the click-word captcha draws Chinese characters as SVG paths on any machine, with no font installed.
 *
 *   node apps/server/src/modules/captcha/scripts/generate-glyphs.mjs [/path/to/NotoSansCJK-Bold.ttc]
 *
 * Source: Noto Sans CJK SC Bold (SIL Open Font License 1.1, fonts-noto-cjk; licence text in
 * assets/captcha/glyphs/LICENSE-OFL.txt). Needs the devDependency opentype.js. opentype.js cannot read a
 * collection (.ttc) directly, so the chosen face's table directory is copied to the start of the buffer
 * (table offsets in a collection are absolute, so they stay valid).
 *
 * Output: { unitsPerEm: 1000, glyphs: { "字": { d, x0, y0, x1, y1 } } } with the path in em units,
 * y down, baseline at y = 880, and the ink bounding box.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import opentype from 'opentype.js';

const FONT = process.argv[2] ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
const FACE = 'Noto Sans CJK SC';
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../assets/captcha/glyphs/glyphs.json');

// Common characters (frequency-ordered), minus ones that are too simple or too alike to tell apart when
// rotated (一 二 三 十 人 入 八 口 日 已 己 土 工 干 于 千 王 大 天 …).
const EXCLUDE = new Set([...'一二三十人入八九七几了口日已己巳土士工干于千王大太天夫才力刀又万也个之上下小山子儿乙厂']);
const CHARS = [
  ...new Set(
    [
      ...'的是在不有和这中为我以要他时来用们生到作地出就分对成会可主发年动同也能过说产种面而方后多定行学法所民得经之进着等部度家电里如水化高自理起物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外政四那社义事平形相全表间样与关各重新线内数正心反你明看原么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想通并提直题党程展五果料象员革位常文总次品式活设及管特件长求老头基资边流路级少图统接知较将组见计别她手角期根论运农指区强放决西被做必战先回则任取据处队南给色光门即保治北造百规热领海东导器压志世金增争济阶油思术极交受联什认六共权收证改清美再采转更单风切打白教速花带安场身车例真务具每目至达走积示议声报斗完类离华名确科张信马节话米整空元况今集温传许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容须际商非验连断深难近矿周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称准精值号率族维划选标写存候毛亲快效斯院查江型眼按格养易置派层片始却专状育京识适属圆包火住调满县局照参红细引听该铁价严龙飞',
    ].filter((c) => !EXCLUDE.has(c)),
  ),
];

const buf = fs.readFileSync(FONT);
let font;
if (buf.toString('latin1', 0, 4) === 'ttcf') {
  const faces = buf.readUInt32BE(8);
  for (let i = 0; i < faces && !font; i++) {
    const off = buf.readUInt32BE(12 + 4 * i);
    const dirLen = 12 + 16 * buf.readUInt16BE(off + 4);
    const copy = Buffer.from(buf);
    buf.copy(copy, 0, off, off + dirLen);
    const f = opentype.parse(copy.buffer.slice(copy.byteOffset, copy.byteOffset + copy.length));
    if (f.names.fontFamily?.en === FACE) font = f;
  }
} else {
  font = opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length));
}
if (!font) throw new Error(`${FACE} not found in ${FONT}`);

const glyphs = {};
for (const ch of CHARS) {
  const glyph = font.charToGlyph(ch);
  if (!glyph || glyph.index === 0) throw new Error(`no glyph for ${ch}`);
  const p = glyph.getPath(0, 880, 1000);
  const box = p.getBoundingBox();
  glyphs[ch] = { d: p.toPathData(0), x0: Math.floor(box.x1), y0: Math.floor(box.y1), x1: Math.ceil(box.x2), y1: Math.ceil(box.y2) };
}
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, JSON.stringify({ source: `${FACE} Bold (SIL OFL 1.1)`, unitsPerEm: 1000, glyphs }) + '\n');
console.log(`${Object.keys(glyphs).length} glyphs → ${OUT} (${fs.statSync(OUT).size} bytes)`);
