import { filingCountState, filingCountText, type FilingGuide, type FilingUpload } from '@mazhu/contracts';
import { FORM_FIELDS, formValueText, type ApplicationForm } from './form';
import { ownerRows } from './render-form';

/** A file of the generated materials: its name in the zip, bytes and (PDFs) pages. */
export interface GuideFile {
  name: string;
  size: number;
  pages?: number;
}

/**
 * The pledge passage as public reports give it (cpcc-materials.md, "AI use and the 2026 declaration"; the official text
 * was not reachable): the applicant declares the software "确系人的独立开发，未使用AI开发编写代码、撰写文档或生成登记申请材料".
 */
export const PLEDGE_PASSAGE = '确系人的独立开发，未使用AI开发编写代码、撰写文档或生成登记申请材料';

const SOURCES = [
  '《计算机软件著作权登记办法》第十条（程序、文档鉴别材料前后各连续 30 页）、第二十二条（补正通知书须在 30 日内答复）',
  '2023-06-01 起在线填报，材料以 PDF 上传，填表后系统生成签章页，手写签名或盖章后上传（公开资料）',
  '2026-03-15 起施行的新版申请表：软件主要功能 500–1300 字，新增独立开发、材料真实、AI 使用的声明（公开报道；官方原文未能取得）',
  '真实补正通知：“申请确认签章页未抄写划线部分内容”“签章页未手写签名”',
];

const isCompany = (category: string) => category !== '自然人';

/** The portal's remark for some fields (where the value comes from, how it is chosen). */
const NOTES: Record<string, string> = {
  软件全称: '须以“软件”“系统”或“平台”结尾，与源程序、文档页眉一致',
  版本号: '与源程序、文档页眉及截图中的版本号一致',
  源程序量: '全部源程序的总行数（代码统计），不是打印的 3000 行',
  编程语言: '须列出使用的全部语言',
  软件的主要功能: '2026 年版申请表 500–1300 字；部分来源称上限 1000 字，超过 1000 字时请留意门户提示',
};

/**
 * The filing guide of a generated project: every field of the generated 申请表 in the online form's order (owners one
 * group each, fields not applicable or left empty said so) with the notes above; the files to upload (源程序 → 程序鉴别材料, the document →
 * 文档鉴别材料, contracts → 合同/证明文件, the 签章页 the user makes) with their sizes and pages; the 签章页 steps and
 * who signs or seals for each owner (a natural person signs by hand, an organisation seals, every co-owner does);
 * the pledge passage; dates; what to do after submitting. Pure. Rules: cpcc-materials.md (SOURCES).
 */
export function buildFilingGuide(form: ApplicationForm, files: GuideFile[]): FilingGuide {
  // Every field, also those left empty or not applicable (said so), owners one group each as on the form.
  const notApplicable: Partial<Record<keyof ApplicationForm, string | false>> = {
    originalRegistrationNo: form.nature === '原创' && '软件说明为“原创”时不填',
    modificationNote: form.nature === '原创' && '软件说明为“原创”时不填',
    publishDate: form.publishStatus === '未发表' && '未发表时不填',
    publishCountry: form.publishStatus === '未发表' && '未发表时不填',
    publishCity: form.publishStatus === '未发表' && '未发表时不填',
    acquisitionWay: form.rightsAcquisition === '原始取得' && '原始取得时不填',
    rightsItems: form.rightsScope === '全部' && '权利范围为“全部”时不填',
  };
  const fields = FORM_FIELDS.flatMap((f) => {
    if (f.key === 'owners' && form.owners.length) return ownerRows(form.owners).map(([label, value]) => ({ label, value }));
    const note = notApplicable[f.key] || NOTES[f.label];
    return [{ label: f.label, value: formValueText(form, f.key), ...(note ? { note } : {}) }];
  });
  const base = (n: string) => n.replace(/^.*_(?=[^_]+$)/, '');
  const pick = (re: RegExp) => files.filter((f) => re.test(base(f.name)) && f.name.endsWith('.pdf'));
  const up = (slot: string, f: GuideFile, note: string): FilingUpload => ({ slot, file: f.name, size: f.size, ...(f.pages ? { pages: f.pages } : {}), note });
  const pages = (f: GuideFile) => (f.pages ? `共 ${f.pages} 页` : '');
  const uploads: FilingUpload[] = [
    ...pick(/^源程序\.pdf$/).map((f) => up('程序鉴别材料', f, `${pages(f)}${f.pages && f.pages >= 60 ? '（前 30 页 + 后 30 页）' : f.pages ? '（不足 60 页，全部提交）' : ''}；每页 50 行，页眉为软件全称和版本号，页码在右上角`)),
    ...pick(/^(操作手册|设计说明书|使用说明)\.pdf$/).map((f) => up('文档鉴别材料', f, `${pages(f)}；${base(f.name).replace('.pdf', '')}，每页不少于 30 行（含插图的页除外）`)),
    ...files.filter((f) => f.name.endsWith('.pdf') && !/^(源程序|操作手册|设计说明书|使用说明|申请表|申报指南|检查报告|补正说明)/.test(base(f.name))).map((f) => up('合同或权利证明文件', f, `${pages(f)}；开发方式或权利取得方式要求的合同，签字盖章后扫描上传`)),
    { slot: '申请确认签章页', file: null, note: '在线填完申请表后由登记系统生成：打印、手写抄写划线部分、签名或盖章后扫描为 PDF 上传（见下文）' },
  ];
  const owners = form.owners.length ? form.owners : [];
  const signers = owners.map((o) => ({
    owner: o.name,
    category: o.category,
    how: isCompany(o.category) ? '加盖单位公章（章名与著作权人名称一致）' : '本人手写签名（不得代签、打印或使用电子签名）',
  }));
  const co = owners.length > 1;
  const steps = [
    '在登记系统逐项填写申请表（下文各字段可直接复制），核对无误后提交，系统生成《申请确认签章页》',
    '下载签章页，用 A4 纸单面打印，不要改动版式',
    '在签章页的划线处手写抄写声明原文（真实补正通知：“申请确认签章页未抄写划线部分内容”）',
    co ? `共 ${owners.length} 个著作权人：每一位都须在签章页上签名或盖章` : '著作权人在签章页上签名或盖章',
    '签署后整页扫描或拍照为清晰的 PDF（四角完整、不裁切），在“申请确认签章页”处上传',
  ];
  const dates = [
    `开发完成日期：${form.completionDate || '（未填写）'}`,
    ...(form.publishStatus === '已发表' ? [`首次发表日期：${form.publishDate || '（未填写）'}，须不早于开发完成日期`] : ['发表状态：未发表']),
    '签章页上如有日期栏，写实际签署当天；申请日须晚于开发完成日期和首次发表日期（开发完成 ≤ 首次发表 < 申请日）',
  ];
  const after = [
    '提交后记下登记系统给出的流水号：查询进度、答复补正、咨询都要用它',
    '审查约需 60 个工作日；期间定期登录登记系统查看状态，留意补正通知书',
    '收到补正通知书后须在 30 日内答复，逾期视为撤回申请（《计算机软件著作权登记办法》第二十二条）',
    '在码著“补正项目”中新建补正：上传通知书，逐条对照并重新生成需要修改的材料',
    '中国版权保护中心自 2017-04-01 起不收取软件著作权登记费',
  ];
  return {
    name: form.fullName,
    version: form.version,
    fields,
    uploads,
    signing: {
      steps,
      signers,
      pledge: {
        passage: PLEDGE_PASSAGE,
        source: '据公开报道（2026-03-15 起施行的申请表；引用《研究部署治理非正常软件版权登记申请相关工作》《共同维护计算机软件版权登记良好生态》），官方原文未能取得',
        note: '以签章页上实际印出的划线文字为准逐字抄写；据报道，虚假声明将被列入版权登记失信名单并记入个人信用记录。材料中如仍有 AI 撰写的文字，不能如实签署此声明（见检查报告）',
      },
      dates,
    },
    after,
    sources: SOURCES,
  };
}

/** "523/1300 字" and whether it is within the limit, for the PDF (the web app counts live with the same functions). */
export function fieldCount(label: string, value: string): { text: string; state: ReturnType<typeof filingCountState> } {
  return { text: filingCountText(label, value), state: filingCountState(label, value) };
}
