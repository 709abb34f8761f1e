import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { BlockOutlined, CodeOutlined, RobotOutlined } from '@ant-design/icons';
import PageHero from '@/components/PageHero';
import { useUserStore } from '@/stores/user';
import { useAuthModal } from '@/stores/auth-modal';

const CHOICES = [
  {
    key: 'auto',
    title: '智能生成',
    to: '/auto-generate',
    icon: <RobotOutlined />,
    text: '填写软件信息和功能模块，生成申请表信息与操作手册。',
    items: ['按申请表顺序填写软件全称、版本号、著作权人', '逐个描述功能模块，可配界面截图', '“软件的主要功能”按 500–1300 字撰写', '生成操作手册与申请表信息'],
  },
  {
    key: 'code',
    title: '代码生成文档',
    to: '/code-to-doc-generator',
    icon: <CodeOutlined />,
    text: '上传源代码，生成程序鉴别材料，并据代码结构整理文档。',
    items: ['上传项目源代码压缩包', '自动识别编程语言、统计源程序量', '前 30 页 + 后 30 页，每页 50 行', '文档与代码中的模块一一对应'],
  },
  {
    key: 'batch',
    title: '批量下单',
    to: '/quickBatchOrder',
    icon: <BlockOutlined />,
    text: '一次提交多个软件的信息，统一生成材料。',
    items: ['下载表格模板，按行填写每个软件', '上传表格后逐条核对', '统一生成、分别下载', '提示相似度过高的软件，避免重复登记'],
  },
];

/** 选择创建方式: the three creation modes. */
export default function ProjectSelectionPage() {
  const navigate = useNavigate();
  const signedIn = useUserStore((s) => s.user.id > 0);
  const showAuth = useAuthModal((s) => s.show);

  const go = (to: string) => (signedIn ? navigate(to) : showAuth('login'));

  return (
    <>
      <PageHero title="选择创建方式">根据手头已有的材料选择一种方式开始。每种方式生成的材料都符合版权中心的格式要求。</PageHero>
      <div className="container page-body">
        <div className="select-grid">
          {CHOICES.map((c) => (
            <div className="select-card" key={c.key} data-testid={`mode-${c.key}`}>
              <div className="deliverable-icon" style={{ color: '#1d4ed8', background: '#eff4ff', width: 56, height: 56, fontSize: 26 }}>
                {c.icon}
              </div>
              <h3>{c.title}</h3>
              <p>{c.text}</p>
              <ul>
                {c.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
              <Button type="primary" size="large" block onClick={() => go(c.to)}>
                {signedIn ? `开始${c.title}` : `登录后开始${c.title}`}
              </Button>
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
