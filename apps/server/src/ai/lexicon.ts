import type { AiTechTag } from '@mazhu/contracts';

/**
 * The offline writer's dictionary: business concepts (what English identifiers in code and Chinese words in a
 * description or menu mean), operations (what verbs in routes mean) and industries. Pure data, no logic.
 */

/** Operation keys found in identifiers (`/user/list`, `exportOrder`) or HTTP methods. */
export type OpKey =
  | 'query'
  | 'detail'
  | 'create'
  | 'update'
  | 'delete'
  | 'export'
  | 'import'
  | 'upload'
  | 'download'
  | 'audit'
  | 'status'
  | 'assign'
  | 'resetPassword'
  | 'login'
  | 'logout'
  | 'register'
  | 'captcha'
  | 'send'
  | 'pay'
  | 'refund'
  | 'cancel'
  | 'confirm'
  | 'submit'
  | 'publish'
  | 'print'
  | 'sync'
  | 'stat'
  | 'sort'
  | 'preview'
  | 'backup'
  | 'restore'
  | 'search'
  | 'bind'
  | 'read'
  | 'clear'
  | 'start'
  | 'run'
  | 'control'
  | 'monitor'
  | 'collect'
  | 'receive'
  | 'parse'
  | 'config'
  | 'share'
  | 'favorite';

/** English words (lower case) that name an operation. */
export const OP_WORDS: Record<string, OpKey> = {
  list: 'query', page: 'query', query: 'query', find: 'query', get: 'query', fetch: 'query', select: 'query', tree: 'query',
  detail: 'detail', details: 'detail', info: 'detail', view: 'detail', show: 'detail',
  add: 'create', create: 'create', insert: 'create', new: 'create', save: 'create',
  edit: 'update', update: 'update', modify: 'update', change: 'update', put: 'update',
  delete: 'delete', remove: 'delete', del: 'delete', destroy: 'delete',
  export: 'export', import: 'import', upload: 'upload', download: 'download',
  audit: 'audit', approve: 'audit', review: 'audit', reject: 'audit',
  status: 'status', enable: 'status', disable: 'status', toggle: 'status', lock: 'status', unlock: 'status',
  assign: 'assign', grant: 'assign', authorize: 'assign', allocate: 'assign', authrole: 'assign', authuser: 'assign',
  resetpwd: 'resetPassword', resetpassword: 'resetPassword', reset: 'resetPassword', updatepwd: 'resetPassword',
  login: 'login', signin: 'login', logout: 'logout', signout: 'logout', register: 'register', signup: 'register',
  captcha: 'captcha', captchaimage: 'captcha',
  send: 'send', pay: 'pay', refund: 'refund', cancel: 'cancel', confirm: 'confirm', submit: 'submit', apply: 'submit',
  publish: 'publish', release: 'publish', print: 'print', sync: 'sync', stat: 'stat', stats: 'stat', count: 'stat', summary: 'stat', statistics: 'stat',
  sort: 'sort', preview: 'preview', backup: 'backup', restore: 'restore', search: 'search',
  bind: 'bind', unbind: 'bind', read: 'read', clear: 'clear', clean: 'clear',
  start: 'start', stop: 'start', pause: 'start', resume: 'start', run: 'run', execute: 'run', exec: 'run',
  control: 'control', monitor: 'monitor', collect: 'collect', receive: 'receive', recv: 'receive',
  parse: 'parse', decode: 'parse', share: 'share',
};

/** Operation texts; `o` is the object noun of the module (e.g. 用户). */
export const OP_TEXT: Record<OpKey, (o: string) => string> = {
  query: (o) => `查询${o}列表`,
  detail: (o) => `查看${o}详情`,
  create: (o) => `新增${o}`,
  update: (o) => `编辑${o}信息`,
  delete: (o) => `删除${o}`,
  export: (o) => `导出${o}数据`,
  import: (o) => `导入${o}数据`,
  upload: (o) => `上传${o}`,
  download: (o) => `下载${o}`,
  audit: (o) => `审核${o}`,
  status: (o) => `启用或停用${o}`,
  assign: (o) => `分配${o}权限`,
  resetPassword: () => '重置密码',
  login: () => '账号登录',
  logout: () => '退出登录',
  register: () => '注册账号',
  captcha: () => '获取验证码',
  send: (o) => `发送${o}`,
  pay: (o) => `支付${o}`,
  refund: (o) => `${o}退款`,
  cancel: (o) => `取消${o}`,
  confirm: (o) => `确认${o}`,
  submit: (o) => `提交${o}`,
  publish: (o) => `发布${o}`,
  print: (o) => `打印${o}`,
  sync: (o) => `同步${o}数据`,
  stat: (o) => `统计${o}数据`,
  sort: (o) => `调整${o}排序`,
  preview: (o) => `预览${o}`,
  backup: (o) => `备份${o}数据`,
  restore: (o) => `恢复${o}数据`,
  search: (o) => `搜索${o}`,
  bind: (o) => `绑定或解绑${o}`,
  read: (o) => `标记${o}已读`,
  clear: (o) => `清空${o}`,
  start: (o) => `启动或暂停${o}`,
  run: (o) => `立即执行${o}`,
  control: (o) => `控制${o}`,
  monitor: (o) => `监测${o}状态`,
  collect: (o) => `采集${o}`,
  receive: (o) => `接收${o}`,
  parse: (o) => `解析${o}`,
  config: (o) => `配置${o}参数`,
  share: (o) => `分享${o}`,
  favorite: (o) => `收藏${o}`,
};

/** One sentence that explains an operation (a restatement of the operation, never a new claim). */
export const OP_EXPLAIN: Partial<Record<OpKey, (o: string) => string>> = {
  query: (o) => `查询时可按条件筛选${o}并查看结果`,
  detail: (o) => `查看详情可浏览单条${o}的完整信息`,
  create: (o) => `新增时录入${o}的必要信息后保存`,
  update: (o) => `编辑可修改已保存的${o}信息`,
  delete: (o) => `删除用于移除不再需要的${o}`,
  export: (o) => `导出可将${o}数据保存为文件`,
  import: (o) => `导入可批量录入${o}数据`,
  upload: (o) => `上传后的${o}由系统统一保存`,
  download: (o) => `下载可将${o}保存到本地`,
  audit: (o) => `审核时对提交的${o}给出通过或驳回的结论`,
  status: (o) => `启用或停用决定${o}能否继续使用`,
  assign: (o) => `分配权限用于确定${o}可使用的功能范围`,
  resetPassword: () => '重置密码可为忘记密码的账号设置新密码',
  login: () => '登录时校验账号与密码，通过后进入软件',
  logout: () => '退出登录后需重新验证身份才能继续使用',
  register: () => '注册时填写账号信息以创建新账号',
  captcha: () => '验证码用于确认操作由真人发起',
  send: (o) => `发送操作将${o}传递给接收方`,
  pay: (o) => `支付操作完成${o}的费用结算`,
  refund: (o) => `退款用于处理${o}的退款申请`,
  cancel: (o) => `取消操作用于撤销尚未完成的${o}`,
  submit: (o) => `提交后${o}进入后续处理环节`,
  publish: (o) => `发布后的${o}对相关用户可见`,
  stat: (o) => `统计功能对${o}进行汇总计算`,
  search: (o) => `搜索可按关键字快速找到${o}`,
  start: (o) => `启动或暂停用于控制${o}是否运行`,
  run: (o) => `立即执行可手动触发一次${o}`,
  monitor: (o) => `状态监测持续反映${o}的当前情况`,
  collect: (o) => `采集到的${o}供后续处理使用`,
  receive: (o) => `接收后的${o}进入解析与处理流程`,
  parse: (o) => `解析将${o}转换为软件可处理的格式`,
  config: (o) => `参数配置决定${o}的运行方式`,
};

/** Industry keys for 面向领域 and the technical-feature tags. */
export type DomainKey =
  | 'medical'
  | 'education'
  | 'finance'
  | 'ecommerce'
  | 'logistics'
  | 'manufacturing'
  | 'traffic'
  | 'property'
  | 'tourism'
  | 'catering'
  | 'agriculture'
  | 'energy'
  | 'government'
  | 'game'
  | 'iot'
  | 'hr'
  | 'media';

export interface DomainInfo {
  /** 面向领域/行业 text (≤ 50). */
  text: string;
  /** Chinese words in the name/description/keywords that point to this industry. */
  words: string[];
  tag?: AiTechTag;
}

export const DOMAINS: Record<DomainKey, DomainInfo> = {
  medical: { text: '医疗卫生行业（医院、诊所等医疗机构）', words: ['医疗', '医院', '诊所', '患者', '病人', '诊疗', '门诊', '护理', '卫生', '药房', '挂号'], tag: '医疗' },
  education: { text: '教育行业（学校及教育培训机构）', words: ['教育', '学校', '学生', '教学', '课程', '考试', '培训', '校园', '教师', '班级', '学习'], tag: '教育' },
  finance: { text: '金融行业', words: ['金融', '银行', '贷款', '理财', '保险', '证券', '基金', '信贷', '借贷'], tag: '金融' },
  ecommerce: { text: '电子商务与零售行业', words: ['电商', '商城', '零售', '网店', '购物', '商品', '下单', '团购'] },
  logistics: { text: '仓储物流行业', words: ['物流', '仓储', '仓库', '快递', '配送', '运输', '货运'] },
  manufacturing: { text: '制造业生产管理', words: ['制造', '生产', '车间', '工厂', '工序', '产线'] },
  traffic: { text: '交通出行与停车服务', words: ['交通', '停车', '车辆', '出行', '车位', '驾驶'], tag: '智慧城市' },
  property: { text: '物业管理与社区服务', words: ['物业', '小区', '业主', '住户'], tag: '智慧城市' },
  tourism: { text: '酒店与文旅服务行业', words: ['酒店', '民宿', '旅游', '景区', '客房', '文旅'] },
  catering: { text: '餐饮服务行业', words: ['餐饮', '餐厅', '点餐', '外卖', '菜品', '饭店'] },
  agriculture: { text: '农业生产与农产品管理', words: ['农业', '种植', '养殖', '农场', '大棚', '农产品'] },
  energy: { text: '能源电力行业', words: ['能源', '电力', '能耗', '光伏', '电表', '用电'] },
  government: { text: '政务服务与公共管理', words: ['政务', '政府', '公共服务', '街道', '行政', '城市管理'], tag: '智慧城市' },
  game: { text: '游戏娱乐行业', words: ['游戏', '关卡', '玩家', '对战'], tag: '游戏' },
  iot: { text: '物联网设备监测与控制', words: ['物联网', '传感器', '智能设备', '智能硬件', '远程控制', '联网'], tag: '物联网' },
  hr: { text: '企业人力资源与行政办公', words: ['人事', '人力资源', '员工', '考勤', '薪资', '办公', 'OA'] },
  media: { text: '文化传媒与内容服务', words: ['新闻', '资讯', '媒体', '视频', '直播', '音乐', '内容'] },
};

/** A business concept: what a group of identifiers or words means, as a functional module. */
export interface Concept {
  key: string;
  /** Identifier words (lower case; plurals are folded automatically). */
  en: string[];
  /** Chinese words naming it in a description, keyword or menu (longest match wins). */
  cn: string[];
  /** Module name. */
  name: string;
  /** Object noun used in operations, e.g. 用户. */
  obj: string;
  /** What the module does (a verb phrase, no subject), e.g. 维护系统用户的账号与基本信息. */
  does: string;
  /** Core operations: an OpKey or a literal text. Used when the input names the module but not its operations. */
  ops: string[];
  domain?: DomainKey;
  tag?: AiTechTag;
  /** Only meaningful in embedded code (words like key, led are too common elsewhere). */
  embeddedOnly?: boolean;
}

const c = (
  key: string,
  en: string,
  cn: string,
  name: string,
  obj: string,
  does: string,
  ops: string,
  extra: Partial<Pick<Concept, 'domain' | 'tag' | 'embeddedOnly'>> = {},
): Concept => ({
  key,
  en: en.split(' ').filter(Boolean),
  cn: cn.split(' ').filter(Boolean),
  name,
  obj,
  does,
  ops: ops.split(' ').filter(Boolean),
  ...extra,
});

export const CONCEPTS: Concept[] = [
  // accounts and system administration
  c('login', 'login signin logout signout auth authentication sso oauth oauth2 passport token captcha', '登录 登陆 认证 单点登录 验证码', '登录认证', '账号', '校验使用者身份，确保只有合法账号才能进入软件', 'login logout'),
  c('register', 'register registration signup', '注册', '用户注册', '账号', '为新用户创建账号', 'register 填写并校验注册信息'),
  c('user', 'user sysuser account', '用户 账号 账户', '用户管理', '用户', '维护系统用户的账号与基本信息', 'create update query resetPassword status'),
  c('role', 'role permission perm acl rbac authority privilege', '角色 权限', '角色权限管理', '角色', '定义角色并为角色分配可访问的菜单与操作', 'create update assign delete'),
  c('menu', 'menu', '菜单', '菜单管理', '菜单', '配置软件的菜单结构与访问入口', 'create update sort delete'),
  c('dept', 'dept department org organization organisation branch', '部门 组织机构 组织架构 机构', '部门管理', '部门', '维护单位的组织架构与部门层级', 'create update query delete'),
  c('position', 'position jobtitle', '岗位 职位', '岗位管理', '岗位', '维护单位内设置的岗位信息', 'create update query delete'),
  c('dict', 'dict dictionary dicttype dictdata', '字典', '数据字典', '字典', '统一维护软件中使用的选项数据', 'create update query'),
  c('setting', 'config configuration setting option preference param parameter sysconfig', '设置 配置 参数', '系统设置', '参数', '维护软件运行所需的参数与配置项', 'query update'),
  c('log', 'log oplog operlog operationlog logininfor loginlog auditlog journal', '日志', '日志管理', '日志', '记录并查询使用过程中产生的日志', 'query detail'),
  c('notice', 'notice announcement bulletin', '公告 通知', '通知公告', '公告', '发布和查看面向用户的通知与公告', 'publish update query'),
  c('message', 'message msg inbox notification notify', '消息 站内信 推送', '消息中心', '消息', '集中展示发送给用户的消息', 'query read delete'),
  c('sms', 'sms', '短信', '短信服务', '短信', '向用户手机发送短信通知', 'send query'),
  c('email', 'email mail', '邮件', '邮件服务', '邮件', '向用户邮箱发送邮件通知', 'send query'),
  c('file', 'file upload attachment oss storage', '文件 附件', '文件管理', '文件', '统一上传、保存和管理附件', 'upload download query delete'),
  c('dashboard', 'dashboard home homepage workbench overview welcome portal', '首页 工作台 仪表盘 概览 看板', '首页', '首页信息', '作为进入软件后的第一个页面，汇总展示主要信息和常用入口', '浏览首页信息 进入常用功能'),
  c('monitor', 'monitor monitoring online metric metrics health druid', '系统监控 运行监控 在线用户 服务监控', '系统监控', '运行状态', '查看软件的运行状态信息', '查看运行状态 刷新监控数据'),
  c('job', 'job scheduler cron quartz schedulejob', '定时任务 任务调度', '定时任务', '定时任务', '配置并调度周期性执行的后台任务', 'create start run query'),
  c('report', 'report stat statistic statistics analysis analytics chart bi', '统计 报表 分析 图表', '统计报表', '统计数据', '对业务数据进行汇总并展示统计结果', '查看统计结果 按时间范围筛选统计数据'),
  c('codegen', 'gen codegen generator', '代码生成', '代码生成', '代码', '根据数据表结构生成业务代码框架', 'import preview download'),
  c('profile', 'profile mine personal usercenter ucenter my me', '个人中心 我的 个人信息 个人资料', '个人中心', '个人资料', '查看和维护当前用户的个人资料', '查看个人资料 修改个人信息'),
  c('tenant', 'tenant', '租户', '租户管理', '租户', '为不同单位分配彼此隔离的使用空间', 'create update query status'),
  c('search', 'search', '搜索 检索', '搜索', '内容', '按关键字检索软件中的信息', '输入关键字搜索 查看搜索结果'),
  c('help', 'help faq guide', '帮助 常见问题 使用说明', '帮助中心', '帮助信息', '提供软件的使用说明与常见问题解答', '查看使用说明 查看常见问题'),
  c('feedback', 'feedback suggestion complaint', '反馈 建议 投诉', '意见反馈', '反馈', '收集用户提交的意见与问题', 'submit query'),
  c('openapi', 'openapi apikey apidoc swagger endpoint', '接口管理 接口文档', '接口管理', '接口', '管理软件对外提供的接口及其访问凭证', 'query 查看接口说明'),
  c('region', 'region area city district province', '区域 地区 行政区', '区域管理', '区域', '维护业务涉及的区域划分', 'create update query'),
  // commerce
  c('order', 'order trade', '订单', '订单管理', '订单', '跟踪订单从创建到完成的处理过程', 'query detail 处理订单状态', { domain: 'ecommerce' }),
  c('product', 'product goods commodity sku spu merchandise', '商品 产品', '商品管理', '商品', '维护商品的基本信息、价格与上下架状态', 'create update 商品上下架 query', { domain: 'ecommerce' }),
  c('category', 'category catalog classify classification', '分类 类目', '分类管理', '分类', '维护分类层级，便于归类和查找', 'create update delete'),
  c('cart', 'cart basket', '购物车', '购物车', '购物车商品', '暂存用户准备购买的商品', '加入购物车 修改购买数量 删除购物车商品', { domain: 'ecommerce' }),
  c('payment', 'pay payment wallet recharge billing checkout alipay wxpay wechatpay', '支付 付款 缴费 充值 钱包', '支付管理', '支付', '完成费用结算并记录支付结果', '发起支付 查询支付记录'),
  c('refund', 'refund aftersale', '退款 售后', '售后退款', '售后申请', '处理用户提交的售后与退款申请', 'submit audit query'),
  c('invoice', 'invoice', '发票', '发票管理', '发票', '登记和查询开具的发票', 'create query detail'),
  c('finance', 'finance financial fee expense bill income ledger settlement accounting reimbursement', '财务 费用 账单 收支 结算 报销', '财务管理', '财务记录', '登记和汇总各项收支', '登记收支 查询账单 stat'),
  c('inventory', 'inventory stock stockin stockout instock outstock', '库存 出入库 入库 出库 盘点', '库存管理', '库存', '记录物品的入库、出库与库存数量', '登记入库 登记出库 查询库存'),
  c('warehouse', 'warehouse wms depot', '仓库 库位', '仓库管理', '仓库', '维护仓库及其库位信息', 'create update query', { domain: 'logistics' }),
  c('purchase', 'purchase procurement', '采购', '采购管理', '采购单', '处理物资采购的申请与执行', 'create audit query'),
  c('supplier', 'supplier vendor', '供应商', '供应商管理', '供应商', '维护合作供应商的资料', 'create update query'),
  c('sales', 'sale salesorder quotation', '销售 报价', '销售管理', '销售单', '登记销售业务并跟踪执行', 'create query stat'),
  c('customer', 'customer crm contact lead', '客户 联系人 线索', '客户管理', '客户', '维护客户资料与跟进情况', 'create update query'),
  c('member', 'member vip membership', '会员', '会员管理', '会员', '维护会员资料与会员等级', 'query update 设置会员等级'),
  c('points', 'points integral credit', '积分', '积分管理', '积分', '记录积分的获取与使用', '查询积分明细 积分兑换'),
  c('marketing', 'coupon promotion marketing discount seckill groupon', '优惠券 促销 营销 秒杀 拼团 团购', '营销活动', '营销活动', '配置优惠券与促销活动', 'create 领取优惠券 query'),
  c('address', 'address', '收货地址 地址', '地址管理', '地址', '维护用户常用的收货地址', 'create update delete'),
  c('logistics', 'logistics shipping shipment delivery express waybill freight dispatch', '物流 配送 快递 发货 运单', '物流配送', '物流信息', '跟踪货物的发货与配送过程', '发货登记 查询物流信息', { domain: 'logistics' }),
  c('shop', 'shop merchant seller', '店铺 商户 商家 门店', '店铺管理', '店铺', '维护店铺或商户的资料', 'create update query'),
  c('comment', 'comment rating evaluation', '评论 评价 留言', '评论管理', '评论', '展示和管理用户发表的评论', 'query 回复评论 delete'),
  c('content', 'article news blog cms content', '文章 资讯 新闻 内容', '内容管理', '文章', '发布和维护图文内容', 'publish update delete'),
  c('banner', 'banner carousel advert advertisement', '轮播图 广告 横幅', '轮播广告', '轮播图', '配置首页展示的轮播图与广告', 'create sort delete'),
  c('favorite', 'favorite favourite collect', '收藏', '我的收藏', '收藏内容', '保存用户感兴趣的内容', 'favorite 查看收藏列表 取消收藏'),
  c('forum', 'forum community bbs thread topic posts', '论坛 帖子 话题 发帖', '社区论坛', '帖子', '供用户发帖、回帖和交流', 'publish 回复帖子 query'),
  c('chat', 'chat im conversation websocket', '聊天 即时通讯 在线咨询', '即时通讯', '聊天消息', '支持用户之间的实时消息交流', 'send 查看聊天记录'),
  // education
  c('student', 'student stu pupil', '学生 学员', '学生管理', '学生', '维护学生的基本信息与学籍资料', 'create update query import', { domain: 'education' }),
  c('teacher', 'teacher tutor instructor lecturer', '教师 老师 讲师', '教师管理', '教师', '维护教师资料与任教信息', 'create update query', { domain: 'education' }),
  c('course', 'course lesson curriculum subject chapter', '课程 课时 科目 章节', '课程管理', '课程', '维护课程及其章节内容', 'create update publish query', { domain: 'education' }),
  c('clazz', 'clazz class classroom', '班级 教室', '班级管理', '班级', '维护班级与班级成员', 'create update query', { domain: 'education' }),
  c('score', 'score grade mark transcript', '成绩 分数', '成绩管理', '成绩', '录入和查询成绩', '录入成绩 query stat', { domain: 'education' }),
  c('exam', 'exam examination quiz paper question questionbank', '考试 试卷 试题 题库 测验', '考试管理', '试卷', '组织试题、试卷与考试', '维护试题 组卷 query', { domain: 'education' }),
  c('homework', 'homework', '作业', '作业管理', '作业', '布置、提交和批改作业', 'publish submit 批改作业', { domain: 'education' }),
  c('attendance', 'attendance checkin clockin punch', '考勤 签到 打卡', '考勤签到', '考勤记录', '记录签到打卡情况', '签到打卡 查询考勤记录 stat'),
  c('survey', 'survey questionnaire vote poll', '问卷 调查 投票', '问卷调查', '问卷', '发布问卷并收集回答', 'publish 填写问卷 stat'),
  c('book', 'book library borrow lend', '图书 借阅 书籍', '图书管理', '图书', '维护图书信息与借阅记录', 'create 借阅登记 归还登记 query'),
  // medical
  c('patient', 'patient', '患者 病人 就诊人', '患者管理', '患者', '维护患者的基本信息与就诊档案', 'create update query', { domain: 'medical' }),
  c('doctor', 'doctor physician nurse', '医生 医师 护士', '医护人员管理', '医护人员', '维护医生、护士的资料与排班', 'create update query', { domain: 'medical' }),
  c('appointment', 'appointment booking reservation reserve', '预约 挂号 预订', '预约管理', '预约', '处理预约的提交、查看与取消', 'submit query cancel'),
  c('medicine', 'medicine drug pharmacy', '药品 药房', '药品管理', '药品', '维护药品目录与药品库存', 'create update query', { domain: 'medical' }),
  c('diagnosis', 'prescription diagnosis diagnose medicalrecord emr', '处方 诊断 病历 诊疗', '诊疗记录', '诊疗记录', '记录诊断结果与处方信息', 'create query detail', { domain: 'medical' }),
  c('ward', 'ward bed inpatient', '病房 床位 住院', '住院床位管理', '床位', '维护病房床位与住院登记', '登记住院 分配床位 query', { domain: 'medical' }),
  c('health', 'health healthrecord physical', '健康档案 体检', '健康档案', '健康档案', '记录和查看健康信息', 'create query detail', { domain: 'medical' }),
  // office and HR
  c('employee', 'employee staff emp personnel', '员工 职工 人员 人事', '员工管理', '员工', '维护员工档案与任职信息', 'create update query', { domain: 'hr' }),
  c('salary', 'salary payroll wage', '薪资 工资 薪酬', '薪资管理', '薪资', '核算和查询员工薪资', '核算薪资 query export', { domain: 'hr' }),
  c('leave', 'leave vacation overtime', '请假 休假 加班', '请假管理', '请假申请', '提交和审批请假申请', 'submit audit query', { domain: 'hr' }),
  c('recruit', 'recruit recruitment resume candidate interview', '招聘 简历 面试', '招聘管理', '招聘信息', '发布职位并跟进应聘者', 'publish 筛选简历 安排面试', { domain: 'hr' }),
  c('workflow', 'workflow approval flow bpm flowable activiti camunda', '审批 流程', '流程审批', '审批单', '按预设流程流转和审批业务单据', '发起审批 audit 查看审批进度'),
  c('project', 'project milestone', '项目', '项目管理', '项目', '维护项目信息并跟踪项目进展', 'create update query'),
  c('task', 'task todo', '任务 待办', '任务管理', '任务', '分配和跟踪工作任务', 'create assign 更新任务进度'),
  c('ticket', 'ticket workorder', '工单', '工单管理', '工单', '受理、派发和跟踪工单', 'create 派发工单 query'),
  c('contract', 'contract agreement', '合同 协议', '合同管理', '合同', '登记合同并跟踪执行情况', 'create update query'),
  c('document', 'document archive knowledge wiki', '文档 档案 知识库', '文档管理', '文档', '集中保存和查阅文档资料', 'upload query download'),
  c('meeting', 'meeting conference', '会议', '会议管理', '会议', '安排会议并记录会议信息', 'create query 查看会议详情'),
  c('calendar', 'calendar schedule agenda shift roster', '日程 排班 日历', '日程排班', '日程', '安排日程与排班', 'create update query'),
  c('asset', 'asset equipment fixedasset', '资产 设备台账', '资产管理', '资产', '登记资产并跟踪其使用状态', 'create update query'),
  // devices and IoT
  c('device', 'device sensor terminal', '设备 传感器 终端', '设备管理', '设备', '登记设备并查看设备的运行状态', 'create query 查看设备状态', { domain: 'iot' }),
  c('telemetry', 'telemetry acquisition sampling adc datapoint reading measurement', '数据采集 采集 监测', '数据采集', '测量数据', '按设定周期采集并保存测量数据', 'collect 查看采集数据', { domain: 'iot' }),
  c('alarm', 'alarm alert warning fault', '告警 报警 预警 故障', '告警管理', '告警', '发现异常时产生告警并记录处理情况', 'query 处理告警'),
  c('firmware', 'firmware ota upgrade bootloader', '固件 远程升级', '固件升级', '固件', '更新设备中运行的固件程序', 'upload 下发升级 查看升级结果'),
  c('comm', 'uart usart serial modbus rs485 i2c iic spi mqtt tcp udp socket ble bluetooth wifi lora nbiot zigbee protocol comm', '通信 串口 通讯协议 蓝牙', '通信模块', '通信数据', '负责与外部设备或上位机之间的数据收发与协议解析', 'receive send parse'),
  c('actuator', 'motor pwm servo relay valve pump actuator', '电机 继电器 阀门 水泵', '执行控制', '执行机构', '根据指令驱动电机、继电器等执行机构', 'control 调节输出'),
  c('display', 'lcd oled display tft', '显示屏 屏幕显示', '显示模块', '显示内容', '在屏幕上显示运行数据与提示信息', '刷新显示内容 切换显示页面', { embeddedOnly: true }),
  c('indicator', 'led buzzer beep indicator', '指示灯 蜂鸣器', '状态指示', '指示状态', '通过指示灯或蜂鸣器提示运行状态', '点亮或熄灭指示灯 蜂鸣提示', { embeddedOnly: true }),
  c('keypad', 'key keypad button', '按键', '按键输入', '按键', '识别按键操作并转换为控制指令', '扫描按键 处理按键事件', { embeddedOnly: true }),
  c('power', 'power battery lowpower sleep', '电源 电池 低功耗', '电源管理', '电源状态', '管理供电状态与低功耗模式', 'monitor 进入低功耗模式', { embeddedOnly: true }),
  c('init', 'init initialize boot startup bsp hal board', '初始化', '系统初始化', '硬件', '上电后完成时钟、外设与参数的初始化', '初始化外设 加载运行参数', { embeddedOnly: true }),
  c('fault', 'watchdog wdg exception', '看门狗 异常处理', '异常处理', '异常', '检测运行异常并进行恢复处理', '检测运行异常 异常恢复', { embeddedOnly: true }),
  c('nvstore', 'flash eeprom sdcard nvm', '存储', '数据存储', '数据', '将参数与运行数据保存到非易失存储器', '保存运行参数 读取存储数据', { embeddedOnly: true }),
  c('doorlock', 'doorlock', '门锁 开锁 智能锁', '门锁控制', '门锁', '根据验证结果控制门锁的开启与关闭', '验证开锁请求 控制门锁开关 记录开锁记录', { domain: 'iot' }),
  c('lighting', 'light lighting lamp', '灯光 照明 路灯', '照明控制', '灯光', '控制灯具的开关与亮度', '开关灯具 调节亮度'),
  c('charger', 'charger charging', '充电桩 充电', '充电管理', '充电记录', '控制充电过程并记录充电信息', '启动充电 停止充电 查询充电记录'),
  // industries
  c('map', 'map gis location geo geofence poi amap baidumap track trajectory navigation', '地图 定位 轨迹 导航 位置', '地图定位', '位置', '在地图上展示位置并记录轨迹', '查看地图位置 查询轨迹', { tag: '地理信息' }),
  c('vehicle', 'vehicle car fleet driver truck', '车辆 司机 驾驶员', '车辆管理', '车辆', '维护车辆与驾驶员信息', 'create update query', { domain: 'traffic' }),
  c('parking', 'parking parkinglot carport berth', '停车 车位 泊位', '停车管理', '停车记录', '记录车辆进出与车位使用情况', '登记车辆进出 查询车位 停车缴费', { domain: 'traffic' }),
  c('hotel', 'hotel room homestay', '酒店 客房 房间 民宿', '客房管理', '客房', '维护客房信息与入住状态', 'create update query', { domain: 'tourism' }),
  c('property', 'estate resident household building', '物业 业主 住户 楼栋', '物业管理', '住户', '维护楼栋、房屋与住户信息', 'create update query', { domain: 'property' }),
  c('repair', 'repair maintenance', '报修 维修 保养', '维修管理', '维修单', '受理报修并跟踪维修进度', 'submit 派单维修 query'),
  c('dish', 'dish food recipe meal takeout', '菜品 点餐 外卖 餐品', '菜品管理', '菜品', '维护菜品信息与价格', 'create update 菜品上下架', { domain: 'catering' }),
  c('activity', 'activity campaign', '活动 报名', '活动管理', '活动', '发布活动并管理报名情况', 'publish 活动报名 query'),
  c('media', 'video live livestream media audio music song playlist', '视频 直播 音频 音乐', '音视频', '音视频内容', '上传并播放音视频内容', 'upload 在线播放 query', { domain: 'media' }),
  c('game', 'game battle', '游戏 关卡 对战', '游戏关卡', '关卡', '组织游戏关卡与对局流程', '开始游戏 进入下一关 查看结算结果', { domain: 'game', tag: '游戏' }),
  c('player', 'player', '玩家', '玩家管理', '玩家', '维护玩家资料与游戏进度', 'query 查看游戏进度', { domain: 'game', tag: '游戏' }),
  c('rank', 'leaderboard rank ranking', '排行榜 排名', '排行榜', '排名', '按成绩展示排名情况', '查看排行榜 刷新排名'),
  c('ai', 'ai ml predict prediction recognize recognition ocr nlp detect detection classifier llm chatbot gpt inference face', '人工智能 识别 智能问答 机器学习 大模型 人脸 预测', '智能识别', '识别结果', '调用算法模型对输入内容进行识别或分析', '提交识别内容 查看识别结果', { tag: '人工智能' }),
  c('bigdata', 'bigdata hadoop spark flink hive etl datawarehouse dataset', '大数据 数据仓库 数据清洗 数据治理', '数据处理', '数据集', '对大量数据进行清洗、汇总与计算', 'import 数据清洗 stat', { tag: '大数据' }),
  c('security', 'security encrypt decrypt crypto cipher firewall vulnerability waf', '信息安全 加密 漏洞 风控 安全防护', '安全防护', '安全策略', '对数据与访问进行安全防护', '配置安全策略 查看安全事件', { tag: '信息安全' }),
  c('cloud', 'cloud k8s kubernetes docker container cluster', '云平台 云服务 云计算 容器 集群', '云资源管理', '云资源', '管理容器、集群等云资源', 'create query 查看资源状态', { tag: '云计算' }),
  c('vr', 'vr ar xr panorama webxr', '虚拟现实 全景 VR', '虚拟现实展示', '三维场景', '以三维或全景方式展示场景', '浏览三维场景 切换视角', { tag: 'VR' }),
  c('scan', 'qrcode barcode scan scanner', '扫码 二维码 条码', '扫码识别', '二维码', '通过扫描二维码或条码快速录入信息', '扫描二维码 查看扫码结果'),
  c('queue', 'queue mq broker consumer producer rabbitmq rocketmq kafka', '消息队列', '消息队列', '队列消息', '在服务之间异步传递消息', 'send receive'),
  c('cache', 'cache redis memcache', '缓存', '缓存管理', '缓存', '缓存常用数据以减少重复计算', 'query clear'),
  c('gateway', 'gateway proxy loadbalance ratelimit limiter', 'API网关 代理 限流', '网关路由', '请求', '转发请求并进行限流控制', '配置路由规则 查看转发记录'),
  c('rpc', 'rpc grpc registry discovery nacos eureka', '服务注册 服务发现 远程调用', '服务注册与调用', '服务', '登记服务实例并完成服务之间的调用', '注册服务 发现服务'),
  c('farm', 'farm crop greenhouse livestock planting', '农场 作物 大棚 种植 养殖', '种养殖管理', '种养殖记录', '记录种植或养殖过程', 'create query 查看生长记录', { domain: 'agriculture' }),
  c('energy', 'energy meter electricity', '能耗 电表 用电', '能耗监测', '能耗数据', '采集并分析能耗数据', 'collect stat', { domain: 'energy' }),
  c('production', 'production workshop bom mes craft', '生产 车间 工序 物料清单', '生产管理', '生产任务', '安排生产任务并跟踪生产进度', 'create 报工 query', { domain: 'manufacturing' }),
  c('material', 'material', '物料 原料', '物料管理', '物料', '维护物料资料', 'create update query'),
  c('quality', 'quality inspection qc', '质检 质量 巡检', '质量检验', '检验记录', '登记检验结果并跟踪问题处理', 'create query 处理不合格项'),
];

/** Identifier words that carry no business meaning (framework, layering, paths). */
export const GENERIC_WORDS = new Set(
  (
    'api apis v1 v2 v3 v4 admin system sys web app apps h5 mobile pc index list lists page pages view views component components ' +
    'controller controllers ctrl service services impl entity entities model models dto vo bo po do domain mapper mappers dao ' +
    'repository repositories repo handler handlers router routers routes route src main java kotlin com cn net org www module modules ' +
    'manage manager management mgr mgmt detail details by id ids all batch base common core util utils helper helpers test tests demo ' +
    'tab tabs form forms dialog modal table data new rest http https json vue tsx jsx ts js py go php kt swift dart wxml wxss ' +
    'the and of for to with in on at layout layouts store stores assets static public request response req res item items record records ' +
    'type types basic open private internal external mall center centre platform server backend frontend front back default global root ' +
    'biz business tb t sys_ s r w pojo vos dtos components pages screens screen widget widgets fragment fragments activity_ ' +
    'proxy_ resources resource template templates schema schemas migration migrations config_ spring boot application app_ ' +
    'get post put patch head options mapping restcontroller v info infos view_ api_ crud curd tool tools extra misc other others'
  ).split(/\s+/),
);

/** Concept words that give way to another concept word of the same identifier ("/api/device/config" is about devices). */
export const WEAK_WORDS = new Set(
  'config configuration setting option param parameter preference file attachment upload online health token auth search help home email mail sms category type'.split(' '),
);

/** Concepts that make sense as firmware modules when only a name or description names them. */
export const EMBEDDED_CONCEPTS = new Set([
  'telemetry', 'comm', 'actuator', 'display', 'indicator', 'keypad', 'power', 'init', 'fault', 'nvstore', 'alarm', 'firmware',
  'energy', 'monitor', 'setting', 'log', 'map', 'ai', 'security', 'scan', 'farm', 'doorlock', 'lighting', 'charger',
]);

/** Parent menu texts that only group other menus. */
export const GENERIC_MENUS = new Set(['系统管理', '系统工具', '系统监控', '基础数据', '基础信息', '业务管理', '基础管理', '首页', '主页', '其他', '更多']);

/** Chinese action words that end a feature phrase in a description ("违章查询", "车辆登记"). */
export const CN_ACTIONS = [
  '管理', '查询', '统计', '分析', '监控', '监测', '审批', '审核', '预约', '报名', '登记', '追踪', '跟踪', '推送', '评估', '排班',
  '考勤', '采集', '控制', '配置', '预警', '检测', '维护', '发布', '上报', '申请', '缴费', '支付', '下单', '购买', '浏览', '评价',
  '签到', '打卡', '导出', '导入', '上传', '下载', '设置', '记录', '提醒', '通知', '展示', '巡检', '盘点', '结算', '对账', '备份',
  '定位', '导航', '识别', '检索', '搜索', '分享', '收藏', '调度', '派单', '接单', '核销', '兑换', '充值', '报修', '借阅', '归还',
  '点餐', '挂号', '问诊', '缴纳', '选课', '排课', '打分', '评分', '批改', '开票', '入库', '出库', '转账', '结账',
];

/** Operations of a phrase that ends with a Chinese action word (`x` is the object, e.g. 车辆 of 车辆管理). */
export function actionOps(action: string, x: string): string[] {
  switch (action) {
    case '管理':
      return [`新增${x}`, `编辑${x}信息`, `查询${x}`, `删除${x}`];
    case '查询':
    case '检索':
    case '搜索':
      return [`按条件查询${x}`, `查看${x}详情`];
    case '统计':
    case '分析':
      return [`统计${x}数据`, `查看${x}统计结果`];
    case '监控':
    case '监测':
      return [`查看${x}实时状态`, `查询${x}历史记录`];
    case '审批':
    case '审核':
      return [`提交${x}申请`, `审批${x}`, `查看${x}审批结果`];
    case '预约':
    case '报名':
    case '挂号':
      return [`提交${x}${action}`, `查看${action}记录`, `取消${action}`];
    case '设置':
    case '配置':
      return [`查看${x}配置`, `修改${x}配置`];
    default:
      return [`${x}${action}`, `查看${x}${action}记录`];
  }
}

/** Everyday English nouns of identifiers that no concept covers, so that unknown modules read in Chinese. */
export const EN_NOUNS: Record<string, string> = {
  sample: '样品', label: '标签', result: '结果', ride: '骑行', board: '看板', kanban: '看板', tag: '标签', note: '笔记', memo: '备忘录',
  diary: '日记', photo: '照片', image: '图片', album: '相册', gallery: '图库', weather: '天气', plan: '计划', goal: '目标', habit: '习惯',
  sport: '运动', exercise: '运动', fitness: '健身', workout: '训练', trip: '行程', travel: '出行', seat: '座位', flight: '航班', train: '列车',
  bus: '公交', station: '站点', line: '线路', site: '站点', brand: '品牌', unit: '单位', lot: '批次', spec: '规格', price: '价格', budget: '预算',
  fund: '基金', loan: '贷款', insurance: '保险', policy: '保单', claim: '理赔', case: '案件', lawyer: '律师', visitor: '访客', guest: '访客',
  pet: '宠物', animal: '动物', plant: '植物', camera: '摄像头', door: '门禁', gate: '道闸', elevator: '电梯', fire: '消防', hazard: '隐患',
  risk: '风险', accident: '事故', emergency: '应急', patrol: '巡逻', charge: '充电', charging: '充电', pile: '充电桩', solar: '光伏',
  volunteer: '志愿者', donation: '捐赠', club: '社团', team: '团队', group: '群组', friend: '好友', follow: '关注', fan: '粉丝', gift: '礼物',
  reward: '奖励', prize: '奖品', lottery: '抽奖', seal: '印章', certificate: '证书', license: '许可证', qualification: '资质', thesis: '论文',
  award: '奖项', patent: '专利', copyright: '著作权', trademark: '商标', package: '包裹', parcel: '包裹', courier: '快递员', rider: '骑手',
  partner: '合作伙伴', agent: '代理商', distributor: '经销商', dealer: '经销商', campus: '校园', dorm: '宿舍', dormitory: '宿舍', canteen: '食堂',
  lab: '实验室', laboratory: '实验室', instrument: '仪器', reagent: '试剂', specimen: '标本', experiment: '实验', research: '科研', venue: '场馆',
  stadium: '场馆', movie: '电影', cinema: '影院', film: '影片', kitchen: '厨房', chef: '厨师', ingredient: '食材', nutrition: '营养', diet: '饮食',
  elder: '老人', elderly: '老人', child: '儿童', parent: '家长', family: '家庭', house: '房源', housing: '房源', rent: '租赁', lease: '租赁',
  landlord: '房东', floor: '楼层', water: '用水', step: '步数', wish: '心愿', story: '故事', poem: '诗词', word: '单词',
  vocabulary: '词汇', dictation: '听写', reading: '阅读', writing: '写作', card: '卡片',
};
