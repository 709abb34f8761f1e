import type { CorrectionReason } from '@mazhu/contracts';

/**
 * Hand-written example notices (test data for the notice parser), written in the style of real CPCC correction
 * notices: different numbering (1、 1. （1） 一、 ① 第1条, none), OCR spacing, preambles and closings, and items the
 * rule table does not know. The first one is quoted verbatim from a public issue tracker
 * (shared/spec/cpcc-materials.md). `expected` lists, per item, the reasons it must be matched to ([] = no known
 * reason: it must be kept as unrecognised).
 */
export interface NoticeExample {
  title: string;
  text: string;
  expected: CorrectionReason[][];
}

export const NOTICE_EXAMPLES: NoticeExample[] = [
  {
    title: '公开的真实通知（原文）',
    text: '1、申请表中软件全称请以软件、系统、或平台结尾。其他材料中的软件名称做相应修改。2、提交的源程序不足60页，应提交前30、后30共计60页源程序。每页不少于50行。并应有页眉（与软件名称一致）及页码（按1~60编排）。纵向、单面打印。3、文档截图中的软件版本号与申请表中不一致。4、请同步上传电子版文档',
    expected: [['name_suffix'], ['source_pages'], ['screenshot_version'], ['electronic_copy']],
  },
  {
    title: '带抬头和结尾的完整通知',
    text: `计算机软件著作权登记补正通知书
申请流水号：2026R11L2045817
张三：
经审查，你提交的“云仓库存管理”软件著作权登记申请存在以下问题，需要补正：
1、软件全称应当以“软件”“系统”或“平台”作为结尾，请修改申请表及鉴别材料中的软件名称。
2、源程序每页不少于50行，请重新提交。
3、签章页未签字，请由著作权人签字后上传。
请于收到本通知之日起30日内提交补正材料，逾期未补正的，视为撤回申请。
中国版权保护中心
2026年3月5日`,
    expected: [['name_suffix'], ['source_pages'], ['signature']],
  },
  {
    title: '文档与程序不一致（最常见）',
    text: `补正事项：
1. 文档与源程序的功能不一致，文档中描述的用户管理、报表统计功能在源程序中未体现。
2. 软件主要功能描述过于简单，请按新版申请表要求填写（不少于500字）。
3. 编程语言填写不完整，源程序中含有HTML、CSS，请在编程语言中一并填写。`,
    expected: [['doc_code_mismatch'], ['main_functions'], ['languages']],
  },
  {
    title: 'OCR 识别的照片（字间有空格）',
    text: `补 正 通 知 书
1、 申 请 表 中 软件 全 称 请 以 软件 、 系 统 、 或 平台 结尾 。
2、 提 交 的 源 程序 不 足 60 页 ， 应 提交 前 30、 后 30 共 计 60 页 源 程序 。
3、 文 档 截图 中 的 软件 版 本 号 与 申请 表 中 不 一 致 。`,
    expected: [['name_suffix'], ['source_pages'], ['screenshot_version']],
  },
  {
    title: '升级版本未按修改申请',
    text: `一、本软件为已登记软件（登记号2023SR0123456）的升级版本，应按修改软件申请，软件说明请选择“修改”并填写原登记号。
二、请提交原著作权人的授权书。
三、源程序最后一页不完整，应为程序的结束页。`,
    expected: [['modification'], [], ['last_page']],
  },
  {
    title: '委托开发缺合同',
    text: `（1）开发方式为委托开发，请提交委托开发合同，合同中应明确著作权归属。
（2）著作权人身份证明文件不清晰，请重新上传营业执照副本。
（3）签章页须加盖公章。`,
    expected: [['ownership_proof'], ['identity_docs'], ['signature']],
  },
  {
    title: '合作开发与权利归属',
    text: `1.合作开发的，应提交合作开发合同，著作权人的顺序应与合同一致。
2.申请表中开发完成日期晚于首次发表日期，请核实。
3.文档过于简单，不能体现软件的全部功能，请补充完整的用户手册。`,
    expected: [['ownership_proof'], [], ['doc_brief']],
  },
  {
    title: '文档格式',
    text: `1、文档鉴别材料应有页眉和页码，页眉标注软件名称和版本号，页码从目录页起连续编排。
2、文档每页不少于30行（有图的除外）。
3、申请表中软件的技术特点填写不规范，请重新填写。`,
    expected: [['doc_format'], ['doc_format'], ['tech_features']],
  },
  {
    title: '框架代码与相似软件',
    text: `①提交的源程序大部分为开发框架自动生成的代码，不能体现本软件的独创性，请提交体现软件功能的源程序。
②经查，本软件与已登记软件高度相似，请说明两者的区别。
③请核实软件分类。`,
    expected: [['boilerplate'], ['similar'], []],
  },
  {
    title: '版本号问题',
    text: `1、版本号格式不规范，版本号应为V1.0形式，不能含有Beta等字样。
2、源程序中出现的版本号与申请表不一致，请核实。
3、软件“关于”界面显示的版本信息与申请表填写的版本号不一致。`,
    expected: [['version_format'], ['code_version'], ['code_version']],
  },
  {
    title: '没有编号的通知（逐句）',
    text: '软件全称请以软件、系统或平台结尾。申请表中的主要功能与文档描述不一致，请修改。请同步上传电子版文档。',
    expected: [['name_suffix'], ['main_functions'], ['electronic_copy']],
  },
  {
    title: '分行而无编号',
    text: `源程序应提交前30页和后30页，每页不少于50行
签章页应由著作权人签名
身份证复印件不完整`,
    expected: [['source_pages'], ['signature'], ['identity_docs']],
  },
  {
    title: '第N条格式',
    text: `第一条 源程序页眉中的软件名称与申请表不一致，页码应位于右上角。
第二条 主要功能字数不足500字。
第三条 请提交软件的运行环境说明。`,
    expected: [['source_pages'], ['main_functions'], []],
  },
  {
    title: 'PDF 文字层（全角数字与换行）',
    text: `补正内容如下：
１．申请表“编程语言”一栏未体现JavaScript，请补充。
２．用户手册内容过少，篇幅不足，应详细描述每个功能的操作。
３．截图中的软件名称与申请表中的软件全称不一致。`,
    expected: [['languages'], ['doc_brief'], ['screenshot_version']],
  },
  {
    title: '继受取得',
    text: `1、权利取得方式为继受取得的，请提交转让合同或相关证明文件。
2、软件说明为修改的，请填写原登记号。
3、请核对著作权人名称与营业执照是否一致。`,
    expected: [['ownership_proof'], ['modification'], []],
  },
  {
    title: '源程序与文档双向对应',
    text: `1、程序与文档不对应，请核实提交的是否为同一软件。
2、源程序不足50行的页面过多，请检查空行。
3、源程序超过60页的，应提交前30页和后30页，且第60页应为程序的结尾，目前程序结尾不完整。`,
    expected: [['doc_code_mismatch'], ['source_pages'], ['source_pages', 'last_page']],
  },
  {
    title: '多项合一',
    text: `1、软件名称不规范，且申请表、源程序、文档中的软件名称不一致，请统一。
2、软件主要功能与技术特点过于简单，请重新填写。
3、请上传签字的签章页。`,
    expected: [['name_suffix'], ['main_functions', 'tech_features'], ['signature']],
  },
  {
    title: '名称不统一与第三方代码',
    text: `1、申请表、源程序和文档中的软件名称不一致，请统一为同一名称。
2、源程序中含有第三方公司的版权声明和作者信息，请删除后重新提交。
3、用户手册中缺少软件运行界面截图。
4、请补充提交电子文档。`,
    expected: [['name_mismatch'], ['third_party'], ['screenshots_missing'], ['electronic_copy']],
  },
  {
    title: '通用框架与截图（2026 年的通知用语）',
    text: `1、通用框架程序，未体现软件功能。
2、文档鉴别材料缺少软件运行截图。
3、文档部分截图不完整，截图需清晰完整。
4、提交的源代码多为框架代码，请提交体现本软件功能的程序。`,
    expected: [['boilerplate'], ['screenshots_missing'], ['screenshots_missing'], ['boilerplate']],
  },
  {
    title: '一段话内（一）（二）编号',
    text: '经审查，申请材料存在以下问题：（一）源程序页码应位于每页右上角，按1至60连续编排；（二）文档每页不足30行；（三）著作权人营业执照复印件不清晰；（四）开发完成日期晚于申请日期，请核实。',
    expected: [['source_pages'], ['doc_format'], ['identity_docs'], []],
  },
];
