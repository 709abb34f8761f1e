import type { CorrectionReason, FixField, FixKind, MaterialGroup } from '@mazhu/contracts';

/**
 * The rule table of correction reasons, kept as data: each row says how a notice item is recognised (regular
 * expressions over the item's text with whitespace removed and full-width forms folded), what the fix is, and which
 * materials it regenerates. A notice item may match several rows; an item matching none is kept verbatim as
 * unrecognised. Sources: the real notices and recurring items collected in shared/spec/cpcc-materials.md
 * ("What correction notices ask for"), 《计算机软件著作权登记办法》 第十条 (60 pages, 50 lines per code page,
 * 30 lines per document page) and the R11 form rules.
 *
 * `any`: at least one must match; `all`: every one must match too; `none`: none may match.
 */
export interface NoticeRule {
  reason: CorrectionReason;
  title: string;
  kind: FixKind;
  description: string;
  touches: MaterialGroup[];
  fields: FixField[];
  any: string[];
  all?: string[];
  none?: string[];
  /**
   * The description for software without a user interface (the document is a 设计说明书 or 使用说明 with diagrams,
   * never screenshots). Without it, "操作手册" in `description` is replaced by the project's document.
   */
  withoutUi?: string;
}

export const NOTICE_RULES: NoticeRule[] = [
  {
    reason: 'name_suffix',
    title: '软件全称须以“软件”“系统”或“平台”结尾',
    kind: 'field',
    description: '修改申请表中的软件全称（须以软件、系统或平台结尾），源程序、操作手册和申请表中的名称随之全部更新',
    touches: ['source', 'manual', 'form'],
    fields: ['name'],
    any: [
      '(全称|名称).{0,12}(以|用).{0,6}(软件|系统|平台).{0,12}(结尾|结束|作为结尾|为后缀)',
      '(全称|名称).{0,6}(后缀|结尾).{0,10}(软件|系统|平台)',
      '软件(全称|名称).{0,8}(不规范|不符合(要求|规定|规范))',
    ],
    none: ['截图', '页眉'],
  },
  {
    reason: 'name_mismatch',
    title: '各材料中的软件名称不一致',
    kind: 'field',
    description: '确定申请表中的软件全称，源程序、文档和申请表中的名称与页眉随之统一',
    touches: ['source', 'manual', 'form'],
    fields: ['name'],
    any: [
      '(软件)?(全称|名称).{0,20}(与|和).{0,20}(名称|全称).{0,6}(不一致|不符|不同)',
      '(申请表|源程序|文档|鉴别材料).{0,16}(中的|的)?(软件)?(名称|全称).{0,6}(不一致|不统一|不符)',
      '(软件)?(名称|全称).{0,12}(应|须|需)(与|和).{0,16}(一致|相同)',
    ],
    none: ['截图', '页眉', '结尾', '不规范', '营业执照', '证件', '著作权人'],
  },
  {
    reason: 'version_format',
    title: '版本号格式不规范',
    kind: 'field',
    description: '修改版本号为“V数字”格式（如 V1.0，不含 Beta 或中文），所有材料的页眉随之更新',
    touches: ['source', 'manual', 'form'],
    fields: ['version'],
    any: ['版本号.{0,10}(不规范|不符合|格式|应为v?\\d|应以v|不能(含|包含|有)|不得(含|包含|有)|应填写为)'],
    none: ['截图', '源程序中', '代码中', '关于', '与申请表.{0,4}不一致'],
  },
  {
    reason: 'source_pages',
    title: '源程序页数、行数、页眉或页码不符合要求',
    kind: 'source',
    description: '按登记办法第十条重新排版源程序：超过 60 页取前 30 页和后 30 页，不足 60 页提交全部（不补凑）；每页不少于 50 行（末页除外）；页眉为软件全称和版本号；页码在右上角，按 1–60 连续编排；A4 纵向。可先上传完整代码',
    touches: ['source', 'form'],
    fields: [],
    any: [
      '(源程序|源代码|程序鉴别材料|程序材料|代码).{0,20}(不足|少于|超过|多于)\\d+页',
      '前(30|三十)页?.{0,3}后(30|三十)页?',
      '每页.{0,6}(不少于|不低于|至少|少于|不足)?(50|五十)行',
      '(源程序|源代码|程序鉴别材料|程序).{0,24}(页眉|页码)',
      '(页眉|页码).{0,24}(源程序|源代码|程序鉴别材料)',
      '(源程序|源代码|程序鉴别材料).{0,20}(连续|纵向|单面|页数)',
      '(源程序|源代码).{0,10}(中的|页眉中的)?(软件)?名称.{0,10}与申请表.{0,6}不一致',
      '(源程序|源代码|程序鉴别材料).{0,10}(不足|少于|不满)(50|五十)行',
    ],
    none: ['(文档|说明书|手册).{0,12}(30|三十)行', '最后一页', '末页'],
  },
  {
    reason: 'last_page',
    title: '源程序末页不完整',
    kind: 'source',
    description: '重新排版源程序，使第 60 页（或末页）结束在完整的模块或文件末尾',
    touches: ['source'],
    fields: [],
    any: ['(最后一页|末页|结尾|结束部分|第60页).{0,16}(不完整|不全|应为.{0,10}(结束|结尾)|截断|未结束)', '(源程序|程序).{0,10}(结尾|结束).{0,8}(不完整|不全|应完整)'],
  },
  {
    reason: 'code_version',
    title: '代码或“关于”页面中的版本号与申请表不一致',
    kind: 'source',
    description: '在代码中把版本号改为与申请表一致，上传修改后的代码，重新生成源程序',
    touches: ['source', 'form'],
    fields: [],
    any: ['(源程序|源代码|代码|程序中|关于(页面|界面|我们)?).{0,20}版本(号|信息)?.{0,16}(不一致|不符|不同)'],
    none: ['截图'],
  },
  {
    reason: 'screenshot_version',
    title: '文档截图中的软件名称或版本号与申请表不一致',
    kind: 'screenshots',
    description: '用“上传截图包”“截取屏幕”或逐张上传，更换名称或版本号与申请表不一致的截图（截图须显示与申请表一致的软件名称和版本号），操作手册随之重新生成',
    touches: ['manual'],
    fields: [],
    any: ['(截图|截屏|界面图|界面|运行画面).{0,20}(版本|名称).{0,16}(不一致|不符|不同|不对应)', '(截图|截屏).{0,10}(与申请表|和申请表).{0,10}不一致'],
    none: ['关于'],
    withoutUi: '本软件没有用户界面，文档的插图是按申请表生成的软件总体架构图和功能模块结构图；如插图中的名称或版本不一致，请逐张上传更正后的图，并写明处理情况',
  },
  {
    reason: 'screenshots_missing',
    title: '文档缺少软件运行截图或截图不完整',
    kind: 'screenshots',
    description: '为操作手册的每个界面（登录界面、主界面、各功能模块）上传真实软件的完整截图：“上传截图包”一次上传全部页面，“截取屏幕”逐个截取桌面软件，或逐张上传；操作手册随之重新生成',
    touches: ['manual'],
    fields: [],
    any: ['(缺少|缺乏|没有|未提供|未附|无)[^。；;]{0,8}(截图|截屏|界面图)', '(截图|截屏|界面图)[^。；;]{0,10}(不完整|不全|不清晰|模糊|缺失|被裁剪|裁剪)'],
    none: ['版本', '(截图|截屏)[^。；;]{0,10}名称'],
    withoutUi: '本软件没有用户界面，文档以软件总体架构图和功能模块结构图为插图（没有可截取的运行画面）；请写明软件的形态（如函数库、接口服务）和处理情况，也可逐张上传您自己绘制的图替换',
  },
  {
    reason: 'main_functions',
    title: '软件主要功能描述过短或与文档不一致',
    kind: 'field',
    description: '改写申请表的“软件的主要功能”（500–1300 字，与操作手册一致），操作手册的概述随之更新',
    touches: ['form', 'manual'],
    fields: ['mainFunctions'],
    any: ['主要功能.{0,20}(过于简单|简单|过短|不足|太少|字数|不少于|少于|不一致|不符|不对应|不够|未达到|应在|填写不)', '功能描述.{0,10}(过于简单|过短|不足|不一致)'],
    none: ['(文档|说明书|手册)与(源)?程序.{0,6}功能', '(文档|说明书|手册)中.{0,16}(功能|模块).{0,16}(源程序|程序|代码)中'],
  },
  {
    reason: 'tech_features',
    title: '软件技术特点填写不规范或与文档不一致',
    kind: 'field',
    description: '修改申请表的“软件的技术特点”（标签最多 3 个，说明不超过 100 字，与文档一致）',
    touches: ['form', 'manual'],
    fields: ['techFeatures', 'techTags'],
    any: ['技术特点.{0,20}(不规范|不一致|不符|过于简单|不准确|有误|填写不)'],
  },
  {
    reason: 'languages',
    title: '编程语言填写不完整',
    kind: 'field',
    description: '在申请表“编程语言”中列出源程序用到的全部语言（如 HTML、CSS、JavaScript）',
    touches: ['form', 'manual'],
    fields: ['languages'],
    any: ['编程语言.{0,24}(不完整|不全|缺少|遗漏|未(填写|体现|包含|列出)|应(包括|包含|填写|补充))', '(未|没有).{0,6}(体现|填写|列出).{0,16}编程语言', '(html|css|javascript|js|java|python|sql).{0,20}编程语言'],
  },
  {
    reason: 'doc_brief',
    title: '文档过于简单',
    kind: 'manual',
    description: '充实功能模块的说明与操作步骤，重新生成操作手册（每页不少于 30 行，每个界面配图并有文字说明）',
    touches: ['manual'],
    fields: [],
    any: [
      '(文档|说明书|手册|文档鉴别材料).{0,12}(过于简单|过于简略|太简单|简单|内容太少|内容不足|内容过少|不够详细|缺乏|过于笼统)',
      '(文档|说明书|手册).{0,10}(页数|篇幅).{0,6}(不足|太少|过少)',
      '(文档|说明书|手册).{0,10}(缺少|没有|未提供|无).{0,8}(操作说明|使用说明|功能说明)',
    ],
    none: ['与(源)?程序.{0,6}(不一致|不符|不对应)'],
    withoutUi: '充实功能模块的说明（模块的职责、对应的代码文件和接口），重新生成设计说明书（每页不少于 30 行，含软件总体架构图和功能模块结构图）',
  },
  {
    reason: 'doc_format',
    title: '文档页眉、页码或行数不符合要求',
    kind: 'manual',
    description: '重新排版操作手册：页眉为软件全称和版本号，页码在右上角并从目录起连续编排，每页不少于 30 行（图页除外），超过 60 页取前后各 30 页',
    touches: ['manual'],
    fields: [],
    any: [
      '(文档|说明书|手册|文档鉴别材料).{0,24}(页眉|页码|每页.{0,6}(30|三十)行|前(30|三十)页?.{0,3}后(30|三十)页?)',
      '每页.{0,6}(不少于|至少)(30|三十)行',
      '(文档|说明书|手册).{0,16}(不足|少于)(30|三十)行',
    ],
  },
  {
    reason: 'doc_code_mismatch',
    title: '文档与源程序的功能不一致',
    kind: 'manual',
    description: '让功能模块与代码中的模块一一对应（文档描述的功能都在源程序中，源程序的模块都在文档中），重新生成操作手册',
    touches: ['manual'],
    fields: [],
    any: [
      '(文档|说明书|手册).{0,8}(与|和).{0,4}(源程序|程序|代码|源代码).{0,10}(不一致|不符|不对应|不匹配|对应不上|无法对应|不相符)',
      '(源程序|程序|代码).{0,4}(与|和).{0,4}(文档|说明书|手册).{0,10}(不一致|不符|不对应|不匹配|无法对应|不相符)',
      '(文档|说明书|手册)中.{0,16}(功能|模块).{0,16}(源程序|程序|代码)中.{0,10}(未|没有|不能|无法)(体现|找到|对应)',
    ],
    none: ['名称', '页眉'],
  },
  {
    reason: 'modification',
    title: '修改（升级）软件未按“修改”申请或缺少原登记号',
    kind: 'field',
    description: '把“软件说明”改为“修改”，填写原登记号和修改说明（原著作权人授权另行提交）',
    touches: ['form'],
    fields: ['nature', 'originalRegistrationNo', 'modificationNote'],
    any: ['原登记号', '(升级|修改)(版本|软件|版).{0,20}(申请|说明|选择|登记)', '(软件说明|申请类型).{0,10}修改', '(应|请)按修改'],
  },
  {
    reason: 'signature',
    title: '签章页未签字或盖章',
    kind: 'todo',
    description: '打印系统生成的签章页，由著作权人手写签字或加盖公章后扫描上传（本产品无法代签）',
    touches: [],
    fields: [],
    any: ['签章页', '(未|没有|缺少|请).{0,6}(签字|签名|盖章)', '(签字|签名|盖章).{0,6}(缺失|不全|不完整)'],
  },
  {
    reason: 'ownership_proof',
    title: '缺少开发方式或权属证明（合同）',
    kind: 'contract',
    description: '提交与开发方式相符的证明：在“合同下载”中为本项目生成合作开发协议、委托开发合同（写明著作权归属）或转让合同，补正材料中随附；任务书、继承证明等请自行准备',
    touches: [],
    fields: [],
    any: ['(合作|委托|下达任务|任务)开发.{0,20}(合同|协议|任务书|证明|说明)', '(权属|权利归属|著作权归属|继受取得|转让|受让|继承|承受).{0,12}(证明|合同|协议|文件|材料)', '(合同|协议|任务书).{0,12}(未|没有|缺少|请|应)(提交|提供|上传)'],
  },
  {
    reason: 'identity_docs',
    title: '著作权人身份证明文件不符合要求',
    kind: 'todo',
    description: '上传清晰完整的著作权人身份证明（身份证正反面或营业执照副本），并与申请表信息一致',
    touches: [],
    fields: [],
    any: ['(身份证明|身份证|营业执照|事业单位法人证书|证件).{0,16}(复印件|不清晰|不完整|不一致|不符|缺少|未(提交|提供|上传)|请(提交|提供|上传)|过期|有误)'],
  },
  {
    reason: 'electronic_copy',
    title: '同步上传电子版材料',
    kind: 'todo',
    description: '在登记系统中同步上传补正后的电子版材料（本补正包中的 PDF）',
    touches: [],
    fields: [],
    any: ['电子版', '电子(文档|材料|文件)', '(同步|一并|同时)上传'],
  },
  {
    reason: 'boilerplate',
    title: '源程序为通用框架或自动生成的代码，未体现软件功能',
    kind: 'source',
    description: '在“文件选择”中排除框架模板、脚手架、第三方库和自动生成的文件，只印入体现本软件自身功能的代码（也可上传去掉这些文件后的代码），重新生成源程序',
    touches: ['source', 'form'],
    fields: [],
    any: [
      '(框架|模板|脚手架|工具|ide).{0,10}(自动)?生成的?(代码|程序)',
      '(第三方|开源)(库|组件|代码)',
      '自动生成的?(代码|程序)',
      '框架(程序|代码|源码|源程序|模板)',
      '(程序|代码|源程序|源代码)[^。；;]{0,12}未能?(体现|反映|展示|展现)[^。；;]{0,10}(功能|特点|独创)',
    ],
  },
  {
    reason: 'third_party',
    title: '源程序中含有第三方代码或他人的版权、署名信息',
    kind: 'source',
    description: '删除第三方库代码和他人的版权声明、署名（作者、公司、邮箱等），上传修改后的代码，重新生成源程序',
    touches: ['source', 'form'],
    fields: [],
    any: ['(第三方|他人|其他公司|其他单位|别人).{0,10}(版权|署名|代码|信息|作者)', '(版权声明|版权信息|copyright|作者信息|署名).{0,12}(删除|去除|不应|不得|不能|请)'],
  },
  {
    reason: 'similar',
    title: '与已登记软件相同或高度相似',
    kind: 'todo',
    description: '说明本软件与已登记软件的区别（功能、代码、用途），或按修改软件申请；同一软件不得以不同名称或版本重复登记',
    touches: [],
    fields: [],
    any: ['(已登记|已经登记|在先登记).{0,12}(相同|相似|雷同|重复|一致)', '(相同|相似|雷同|高度近似|重复).{0,10}(已登记|登记过|在先)', '重复(登记|申请)'],
  },
];
