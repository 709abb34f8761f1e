import { AI_LIMITS } from '@mazhu/contracts';
import { pinyin } from 'pinyin-pro';

/**
 * Offline 软件英文名: common software words are translated from a dictionary (longest match first), other Chinese
 * (brand names such as 码著) is written in pinyin as one capitalised word, Latin words are kept.
 */

const WORDS: Record<string, string> = {
  管理系统: 'Management System', 管理平台: 'Management Platform', 管理软件: 'Management Software',
  服务平台: 'Service Platform', 信息系统: 'Information System', 小程序: 'Mini Program', 系统: 'System', 平台: 'Platform', 软件: 'Software',
  应用: 'Application', 客户端: 'Client', 管理: 'Management', 服务: 'Service', 信息: 'Information', 数据: 'Data', 智能: 'Intelligent', 智慧: 'Smart',
  在线: 'Online', 网络: 'Network', 移动: 'Mobile', 云: 'Cloud', 综合: 'Integrated', 一体化: 'Integrated', 自动化: 'Automation', 自动: 'Automatic',
  数字化: 'Digital', 电子: 'Electronic', 统一: 'Unified', 协同: 'Collaborative', 可视化: 'Visualization', 监控: 'Monitoring', 监测: 'Monitoring',
  分析: 'Analysis', 统计: 'Statistics', 查询: 'Query', 检测: 'Detection', 识别: 'Recognition', 控制: 'Control', 调度: 'Scheduling', 预警: 'Early Warning',
  生成: 'Generation', 处理: 'Processing', 采集: 'Acquisition', 审批: 'Approval', 办公: 'Office', 协作: 'Collaboration', 共享: 'Sharing', 交易: 'Trading',
  用户: 'User', 会员: 'Member', 客户: 'Customer', 员工: 'Employee', 人事: 'Personnel', 人力资源: 'Human Resources', 考勤: 'Attendance', 薪资: 'Payroll',
  财务: 'Finance', 资产: 'Asset', 合同: 'Contract', 项目: 'Project', 任务: 'Task', 工单: 'Work Order', 流程: 'Workflow', 文档: 'Document', 档案: 'Archive',
  知识库: 'Knowledge Base', 知识: 'Knowledge', 会议: 'Meeting', 预约: 'Appointment', 挂号: 'Registration', 预订: 'Booking', 报名: 'Registration',
  订单: 'Order', 商品: 'Product', 商城: 'Mall', 电商: 'E-commerce', 购物: 'Shopping', 零售: 'Retail', 支付: 'Payment', 营销: 'Marketing', 销售: 'Sales',
  采购: 'Procurement', 库存: 'Inventory', 仓库: 'Warehouse', 仓储: 'Warehousing', 物流: 'Logistics', 配送: 'Delivery', 供应链: 'Supply Chain', 供应商: 'Supplier',
  生产: 'Production', 制造: 'Manufacturing', 车间: 'Workshop', 质量: 'Quality', 设备: 'Equipment', 物联网: 'IoT', 传感器: 'Sensor', 能耗: 'Energy Consumption',
  能源: 'Energy', 电力: 'Power', 环境: 'Environment', 环保: 'Environmental Protection', 安全: 'Safety', 消防: 'Fire Protection', 应急: 'Emergency',
  医院: 'Hospital', 医疗: 'Medical', 健康: 'Health', 患者: 'Patient', 病历: 'Medical Record', 药品: 'Drug', 诊所: 'Clinic', 养老: 'Elderly Care', 护理: 'Nursing',
  学校: 'School', 校园: 'Campus', 教育: 'Education', 教学: 'Teaching', 学生: 'Student', 教师: 'Teacher', 课程: 'Course', 考试: 'Examination', 成绩: 'Score',
  作业: 'Homework', 培训: 'Training', 学习: 'Learning', 图书: 'Library', 图书馆: 'Library', 借阅: 'Borrowing', 题库: 'Question Bank', 实验室: 'Laboratory',
  停车: 'Parking', 停车场: 'Parking Lot', 车辆: 'Vehicle', 交通: 'Traffic', 出行: 'Travel', 导航: 'Navigation', 地图: 'Map', 定位: 'Positioning', 地理信息: 'Geographic Information',
  物业: 'Property', 社区: 'Community', 小区: 'Residential', 酒店: 'Hotel', 民宿: 'Homestay', 旅游: 'Tourism', 景区: 'Scenic Area', 餐饮: 'Catering', 点餐: 'Ordering',
  外卖: 'Takeaway', 农业: 'Agriculture', 农场: 'Farm', 养殖: 'Breeding', 种植: 'Planting', 政务: 'Government Affairs', 党建: 'Party Building', 城市: 'City',
  金融: 'Finance', 银行: 'Bank', 保险: 'Insurance', 贷款: 'Loan', 理财: 'Wealth Management', 游戏: 'Game', 视频: 'Video', 直播: 'Live Streaming', 音乐: 'Music',
  新闻: 'News', 资讯: 'News', 内容: 'Content', 社交: 'Social', 聊天: 'Chat', 论坛: 'Forum', 招聘: 'Recruitment', 问卷: 'Questionnaire', 投票: 'Voting',
  人工智能: 'Artificial Intelligence', 大数据: 'Big Data', 云计算: 'Cloud Computing', 区块链: 'Blockchain', 算法: 'Algorithm', 模型: 'Model', 接口: 'Interface',
  网关: 'Gateway', 中间件: 'Middleware', 嵌入式: 'Embedded', 控制器: 'Controller', 终端: 'Terminal', 检验: 'Inspection', 巡检: 'Patrol Inspection', 维修: 'Maintenance',
  报修: 'Repair Request', 运维: 'Operations', 客服: 'Customer Service', 工具: 'Tool', 助手: 'Assistant', 中心: 'Center', 门户: 'Portal', 网站: 'Website',
  材料: 'Material', 著作权: 'Copyright', 版权: 'Copyright', 软著: 'Software Copyright', 登记: 'Registration', 申报: 'Declaration', 评估: 'Assessment',
  评价: 'Evaluation', 风险: 'Risk', 计费: 'Billing', 收费: 'Charging', 缴费: 'Payment', 充电: 'Charging', 充电桩: 'Charging Pile', 门禁: 'Access Control',
  视频监控: 'Video Surveillance', 温湿度: 'Temperature and Humidity', 温度: 'Temperature', 湿度: 'Humidity', 水质: 'Water Quality', 空气: 'Air',
  企业: 'Enterprise', 公司: 'Company', 集团: 'Group', 门店: 'Store', 连锁: 'Chain', 个人: 'Personal', 家庭: 'Family', 智能家居: 'Smart Home',
  打印: 'Printing', 设计: 'Design', 开发: 'Development', 测试: 'Testing', 编辑器: 'Editor', 编辑: 'Editing', 模拟: 'Simulation', 仿真: 'Simulation',
  签署: 'Signing', 签名: 'Signature', 电子签章: 'Electronic Seal', 签章: 'Seal', 团购: 'Group Buying', 跑腿: 'Errand', 记账: 'Bookkeeping', 骑行: 'Cycling',
  记录: 'Record', 门锁: 'Door Lock', 短信: 'SMS', 邮件: 'Email', 消息: 'Message', 通知: 'Notification', 推送: 'Push', 一卡通: 'All-in-One Card',
  进销存: 'Purchase Sales and Inventory', 扫码: 'Scanning', 二维码: 'QR Code', 商家: 'Merchant', 店铺: 'Store', 官网: 'Official Website', 博客: 'Blog',
  日志: 'Log', 运营: 'Operation', 报表: 'Report', 大屏: 'Large Screen', 驾校: 'Driving School', 驾驶: 'Driving', 体育: 'Sports', 健身: 'Fitness',
  宠物: 'Pet', 房产: 'Real Estate', 租房: 'Rental', 租赁: 'Leasing', 二手: 'Second-hand', 拍卖: 'Auction', 招标: 'Tendering', 投标: 'Bidding',
  审计: 'Audit', 税务: 'Tax', 发票: 'Invoice', 报销: 'Reimbursement', 预算: 'Budget', 工资: 'Payroll', 绩效: 'Performance', 实验: 'Experiment',
  科研: 'Research', 论文: 'Thesis', 专利: 'Patent', 图像: 'Image', 语音: 'Voice', 人脸: 'Face', 翻译: 'Translation', 问答: 'Q&A', 机器人: 'Robot',
  无人机: 'Drone', 电梯: 'Elevator', 水务: 'Water Affairs', 燃气: 'Gas', 供热: 'Heating', 垃圾分类: 'Waste Sorting', 回收: 'Recycling',
  冷链: 'Cold Chain', 溯源: 'Traceability', 防伪: 'Anti-counterfeiting', 食品: 'Food', 药店: 'Pharmacy', 康复: 'Rehabilitation', 体检: 'Physical Examination',
  舆情: 'Public Opinion', 志愿者: 'Volunteer', 访客: 'Visitor', 排班: 'Scheduling', 巡更: 'Patrol', 宿舍: 'Dormitory', 食堂: 'Canteen', 班级: 'Class',
  作品: 'Works', 展示: 'Display', 展览: 'Exhibition', 博物馆: 'Museum', 文化: 'Culture', 非遗: 'Intangible Heritage', 直播带货: 'Live Commerce',
  快递: 'Express', 外贸: 'Foreign Trade', 跨境: 'Cross-border', 海关: 'Customs', 港口: 'Port', 船舶: 'Ship', 航空: 'Aviation', 铁路: 'Railway',
  火箭: 'Rocket', 发射: 'Launch', 卫星: 'Satellite', 气象: 'Meteorological', 水利: 'Water Conservancy', 林业: 'Forestry', 渔业: 'Fishery', 畜牧: 'Animal Husbandry',
  与: 'and', 和: 'and', 及: 'and', 的: '', 之: '', 基于: 'Based on', 版: 'Edition', 端: '',
};

const MAX_WORD = Math.max(...Object.keys(WORDS).map((w) => w.length));
const SMALL = new Set(['and', 'on', 'of']);

function capital(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/**
 * Translates a Chinese software name into an English name (ASCII, ≤ 120 characters), e.g.
 * "智慧停车管理系统" → "Smart Parking Management System", "码著软著材料生成系统" → "Mazhu Software Copyright Material Generation System".
 */
export function translateNameOffline(cnName: string): string {
  const name = cnName
    .normalize('NFKC')
    .trim()
    .replace(/\s*[Vv]\d+(\.\d+)*\s*$/, '')
    .replace(/[（(].*?[)）]/g, ' ');
  const words: string[] = [];
  let pending = '';
  const flush = () => {
    if (pending) {
      words.push(capital(pinyin(pending, { toneType: 'none', type: 'array', nonZh: 'removed' }).join('')));
      pending = '';
    }
  };
  let i = 0;
  while (i < name.length) {
    const ch = name[i];
    if (/[A-Za-z0-9]/.test(ch)) {
      flush();
      const m = /^[A-Za-z0-9.+#-]+/.exec(name.slice(i))![0];
      words.push(m);
      i += m.length;
      continue;
    }
    if (!/[\u3400-\u9fff]/.test(ch)) {
      flush();
      i++;
      continue;
    }
    let hit = '';
    for (let n = Math.min(MAX_WORD, name.length - i); n >= 1; n--) {
      const w = name.slice(i, i + n);
      if (w in WORDS) {
        hit = w;
        break;
      }
    }
    if (hit) {
      flush();
      if (WORDS[hit]) words.push(WORDS[hit]);
      i += hit.length;
    } else {
      pending += ch;
      i++;
    }
  }
  flush();
  const out = words
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w, idx) => (idx > 0 && SMALL.has(w.toLowerCase()) ? w.toLowerCase() : /^[a-z]/.test(w) ? capital(w) : w))
    .join(' ')
    .replace(/[^A-Za-z0-9 .&()'-]/g, '')
    .trim();
  const safe = out.replace(/^[^A-Za-z0-9]+/, '') || 'Software';
  return safe.length <= AI_LIMITS.enNameMax ? safe : safe.slice(0, AI_LIMITS.enNameMax).replace(/\s+\S*$/, '');
}
