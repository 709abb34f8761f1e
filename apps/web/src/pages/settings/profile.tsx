import { Alert, Card, Space, Switch, Typography } from 'antd';
import { AI_DECLARATION_NOTICE } from '@mazhu/contracts';
import { useAiPreference } from '@/api/ai-preference';
import { ProfileContent } from '@/pages/profile';
import { notify } from '@/utils/notify';

/** 账户设置: the profile, and the account's AI choice (不使用 AI 撰写). */
export default function SettingsProfilePage() {
  return (
    <>
      <ProfileContent />
      <AiWritingSetting />
    </>
  );
}

/**
 * 不使用 AI 撰写: hides every AI button and makes the server refuse AI calls for this account; the rule-based
 * drafts (not AI) stay available. Shows when the declaration notice was confirmed.
 */
function AiWritingSetting() {
  const pref = useAiPreference();
  const onChange = async (noAi: boolean) => {
    const r = await pref.save({ noAi });
    if (r) notify.success(noAi ? '已关闭 AI 撰写：AI 按钮不再显示，系统也不会为您调用 AI' : '已开启 AI 撰写：每次使用都需您点击“AI 撰写”或“AI 润色”');
  };
  return (
    <Card title="AI 撰写" style={{ marginTop: 16 }} data-testid="ai-setting">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Space>
          <Switch checked={pref.data?.noAi ?? false} loading={pref.isLoading} onChange={(v) => void onChange(v)} data-testid="ai-opt-out" />
          <Typography.Text strong>不使用 AI 撰写</Typography.Text>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          开启后，项目中不再显示“AI 撰写”“AI 润色”按钮，系统也会拒绝为您的账户调用 AI。未填写的文字仍可由“规则草稿”填写：系统按固定规则根据您填写的信息和代码拼写，不是 AI，文字旁标为“规则草稿”。
        </Typography.Paragraph>
        <Alert type="info" showIcon title="2026 年版申请表的 AI 声明" description={AI_DECLARATION_NOTICE} />
        {pref.data?.noticeAcceptedAt && (
          <Typography.Text type="secondary">您已于 {pref.data.noticeAcceptedAt.slice(0, 16).replace('T', ' ')}（UTC）确认过以上说明。</Typography.Text>
        )}
      </Space>
    </Card>
  );
}
