import { Button, Modal, Popconfirm } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { AI_DECLARATION_NOTICE } from '@mazhu/contracts';
import { useAiPreference } from '@/api/ai-preference';

/**
 * The gate before every AI use: `noAi` hides the AI buttons (account setting 不使用 AI 撰写); `ensure()` shows the
 * notice about the 2026 declaration the first time (once per account, confirmed on the server) and answers whether
 * the user wants to go on.
 */
export function useAiGate() {
  const pref = useAiPreference();
  const noAi = pref.data?.noAi ?? false;

  const ensure = async (): Promise<boolean> => {
    const current = pref.data ?? (await pref.refetch()).data;
    if (!current || current.noAi) return false;
    if (current.noticeAcceptedAt) return true;
    return new Promise<boolean>((resolve) => {
      Modal.confirm({
        title: '使用 AI 撰写前请了解',
        width: 520,
        content: (
          <div data-testid="ai-declaration-notice">
            <p>{AI_DECLARATION_NOTICE}</p>
            <p className="muted">不想使用 AI 时，可用“规则草稿”（系统按固定规则根据您填写的信息和代码拼写，不是 AI），或在“账户设置”中选择“不使用 AI 撰写”。</p>
          </div>
        ),
        okText: '我已了解，使用 AI 撰写',
        cancelText: '不使用',
        onOk: async () => resolve(Boolean(await pref.save({ acceptNotice: true }))),
        onCancel: () => resolve(false),
      });
    });
  };
  return { noAi, modelAvailable: pref.data?.modelAvailable ?? false, ensure };
}

/**
 * 「AI 撰写」: asks the model to write the form texts and modules (replacing the current ones), after a confirmation
 * and the first-use notice; hidden for an account that chose 不使用 AI 撰写. The texts come back into the form as
 * suggestions and are kept (labelled AI 撰写) only when the user saves them.
 */
export function AiWriteButton({ loading, onWrite }: { loading: boolean; onWrite: () => void }) {
  const gate = useAiGate();
  if (gate.noAi) return null;
  return (
    <Popconfirm
      title="用 AI 撰写？"
      description="AI 写的文字会替换当前的申请表文字和功能模块，保存后标为“AI 撰写”；材料中留有 AI 文字时，2026 年版申请表的声明无法如实签署。"
      okText="AI 撰写"
      cancelText="取消"
      onConfirm={async () => {
        if (await gate.ensure()) onWrite();
      }}
    >
      <Button icon={<RobotOutlined />} loading={loading} data-testid="ai-write">
        AI 撰写
      </Button>
    </Popconfirm>
  );
}
