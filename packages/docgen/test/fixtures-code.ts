import iconv from 'iconv-lite';
import type { CodeFile } from '../src/index';
import { scanSource } from '../src/intake/lexer';

/** Builds a CodeFile from text (counts computed the same way as intake). */
export function codeFile(path: string, text: string, language = 'JavaScript', comments: CodeFile['comments'] = 'js'): CodeFile {
  const { lineFlags } = scanSource(text, comments, false);
  const lines = text.endsWith('\n') ? lineFlags.length - 1 : lineFlags.length;
  let code = 0;
  let comment = 0;
  for (let i = 0; i < lines; i++) {
    if (lineFlags[i] & 1) code++;
    else if (lineFlags[i] & 2) comment++;
  }
  return { path, language, comments, text, encoding: 'utf-8', bytes: Buffer.byteLength(text), lines, codeLines: code, commentLines: comment, blankLines: lines - code - comment };
}

const WORDS = ['用户', '订单', '商品', '库存', '支付', '退款', '审核', '权限', '角色', '菜单', '报表', '统计', '消息', '通知', '日志'];

/** A Chinese-heavy code base: comments, strings and identifiers in Chinese, some very long lines. */
export function chineseProject(filesCount = 12, linesPerFile = 180): Record<string, string> {
  const out: Record<string, string> = {};
  for (let f = 0; f < filesCount; f++) {
    const w = WORDS[f % WORDS.length];
    const lines: string[] = [`/**`, ` * ${w}管理模块：负责${w}的新增、修改、删除、查询与导出。`, ` */`, `import { request } from '../utils/request';`, ''];
    for (let i = 0; i < linesPerFile; i++) {
      const k = WORDS[(f + i) % WORDS.length];
      switch (i % 6) {
        case 0:
          lines.push(`// 第${i}步：校验${k}数据是否合法，不合法时提示“${k}信息不完整，请检查后重新提交”`);
          break;
        case 1:
          lines.push(`export async function 查询${k}列表${i}(参数 = { 页码: 1, 每页条数: 20 }) {`);
          break;
        case 2:
          lines.push(`  const 结果 = await request.get('/api/${k}/list', { params: 参数, 提示: '正在加载${k}列表，请稍候……' });`);
          break;
        case 3:
          lines.push(`  if (!结果.成功) throw new Error('${k}列表加载失败：' + 结果.消息 + '。请联系管理员处理，或稍后重试；如果问题持续出现，请记录操作步骤与出错时间，并提供给技术支持人员以便排查原因。');`);
          break;
        case 4:
          lines.push(`  return 结果.数据.map((项) => ({ ...项, 状态文本: 项.状态 === 1 ? '已启用' : '已停用' }));`);
          break;
        default:
          lines.push('}', '');
      }
    }
    out[`src/${['pages', 'services', 'components'][f % 3]}/${w}${f}.js`] = lines.join('\n') + '\n';
  }
  out['src/main.js'] = `// 程序入口\nimport { 启动 } from './app';\n启动({ 标题: '码著示例管理系统', 版本: 'V1.0' });\n`;
  return out;
}

/** The same Chinese text encoded as GBK bytes. */
export function gbk(text: string): Buffer {
  return iconv.encode(text, 'gbk');
}
