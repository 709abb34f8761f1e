import { Link } from 'react-router';
import { Button, Col, Row } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  BlockOutlined,
  CodeOutlined,
  DesktopOutlined,
  FileProtectOutlined,
  IdcardOutlined,
  RobotOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import PageHero from '@/components/PageHero';

const FEATURES = [
  {
    icon: <RobotOutlined />,
    title: '智能生成',
    text: '根据软件名称、版本、面向领域和功能模块，整理申请表各字段并生成操作手册初稿；“软件的主要功能”按新版申请表 500–1300 字的要求撰写，所有内容均可修改后再生成。',
  },
  {
    icon: <CodeOutlined />,
    title: '代码生成文档',
    text: '上传源代码压缩包：自动跳过 node_modules、dist、压缩文件与锁文件，识别全部编程语言并统计源程序量；入口文件排在第一页，按显示宽度换行、每页 50 行分页，超过 60 页取前 30 页与后 30 页。',
  },
  {
    icon: <BlockOutlined />,
    title: '批量下单',
    text: '用表格一次录入多个软件的申请信息，统一生成材料并分别跟踪进度。系统会提示名称、功能描述高度相似的软件，避免重复登记。',
  },
  {
    icon: <AuditOutlined />,
    title: '补正项目',
    text: '收到补正通知书后，按通知的问题修改项目并重新生成材料。补正须在 30 日内答复，逾期视为撤回申请。',
  },
  {
    icon: <IdcardOutlined />,
    title: '知识产权人',
    text: '保存著作权人信息：自然人、企业法人等类别，证件类型与号码。居民身份证与统一社会信用代码按国家标准校验位检查，录入一次，多个项目复用。',
  },
  {
    icon: <DesktopOutlined />,
    title: '高保真界面预览',
    text: '为功能模块生成界面原型图，用于操作手册中的界面说明；截图中的软件名称与版本号和申请表保持一致。',
  },
  {
    icon: <WalletOutlined />,
    title: '积分与免费次数',
    text: '生成材料消耗积分。积分分为充值积分与赠送积分，充值记录与每一笔消耗都可在积分记录中查询。',
  },
  {
    icon: <FileProtectOutlined />,
    title: '合同下载',
    text: '合作开发、委托开发等开发方式需要相应的合同或任务书；可在线填写并下载合同文本。',
  },
  {
    icon: <AppstoreOutlined />,
    title: '项目管理',
    text: '单个项目、代码项目与批量项目分别管理，随时查看生成状态并下载程序鉴别材料、文档鉴别材料与申请表信息。',
  },
];

export default function FunctionalAreaPage() {
  return (
    <>
      <PageHero title="功能介绍">
        码著是一个准备计算机软件著作权登记材料的在线服务：从项目信息和源代码出发，生成符合中国版权保护中心要求的程序鉴别材料、文档鉴别材料与申请表信息。
      </PageHero>
      <div className="container page-body">
        <Row gutter={[24, 24]}>
          {FEATURES.map((f) => (
            <Col xs={24} md={12} lg={8} key={f.title}>
              <div className="card" style={{ height: '100%' }}>
                <div className="deliverable-icon" style={{ color: '#1d4ed8', background: '#eff4ff' }}>
                  {f.icon}
                </div>
                <h3 style={{ margin: '0 0 8px', fontSize: 18 }}>{f.title}</h3>
                <p className="muted" style={{ lineHeight: 1.9, margin: 0 }}>
                  {f.text}
                </p>
              </div>
            </Col>
          ))}
        </Row>

        <section id="about" className="card" style={{ marginTop: 40, padding: 36 }}>
          <h2 style={{ marginTop: 0 }}>关于我们</h2>
          <div className="rich-html">
            <p>
              软件著作权登记的材料看似简单，却有大量细节：源程序要前后各连续 30 页、每页不少于 50 行，页眉要与申请表的软件全称和版本号一致，页码要在右上角，文档描述的功能要能在代码中找到……任何一处不一致都可能收到补正通知，延误登记。
            </p>
            <p>
              码著把这些要求写进了材料生成的每一步：按显示宽度排版，让打印页数与逻辑页数一致；从入口文件开始、在完整文件末尾结束；清理注释中的个人信息与密钥；并在下载前给出页数、每页行数、页眉与页码的自检报告。
            </p>
            <p>
              我们坚持只整理真实的软件：不凑页、不编造代码，不为同一软件换名重复登记。码著不是中国版权保护中心的官方渠道，登记申请须由著作权人或其委托的代理人在版权中心官网提交。
            </p>
          </div>
          <div style={{ marginTop: 20, display: 'flex', gap: 12 }}>
            <Link to="/project-selection">
              <Button type="primary">创建项目</Button>
            </Link>
            <Link to="/ask">
              <Button>查看使用指南</Button>
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
