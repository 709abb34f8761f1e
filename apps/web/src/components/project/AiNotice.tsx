import { Alert } from 'antd';

/** The standing reminder of what the AI does and does not do (2026 form: use of AI must be declared). */
export default function AiNotice({ compact = false }: { compact?: boolean }) {
  return (
    <Alert
      type="info"
      showIcon
      className="ai-notice"
      title="AI 只撰写文字，不编写代码"
      description={
        compact ? undefined : (
          <>
            AI 仅根据您提供的信息撰写申请表与操作手册中的文字，不会编写、补充或改动任何源代码；程序鉴别材料只来自您上传的代码。请逐项核对 AI 写的内容，确保与软件的真实功能一致，所有文字均可直接修改。
          </>
        )
      }
    />
  );
}
