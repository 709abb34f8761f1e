import { useEffect, useRef, useState } from 'react';
import { Progress } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import type { AiGenerateRequest, AiInformation } from '@mazhu/contracts';
import { getAIGeneratedInformation } from '@/api/projects';
import { isCancel } from '@/api/request';
import { notify } from '@/utils/notify';
import './project.css';

/** Calls 生成 AI 信息 and tracks the wait (elapsed seconds), so the page can show the work in progress. */
export function useAiWriter() {
  const [loading, setLoading] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => () => void (timer.current && clearInterval(timer.current)), []);

  const run = async (input: AiGenerateRequest): Promise<AiInformation | null> => {
    setLoading(true);
    setElapsed(0);
    const t0 = Date.now();
    timer.current = setInterval(() => setElapsed(Math.floor((Date.now() - t0) / 1000)), 500);
    try {
      const res = await getAIGeneratedInformation(input);
      if (res?.code === 200 && res.data) {
        adviseOnEvidence(res.data);
        return res.data;
      }
      if (res === null) notify.error('AI 服务暂时不可用，请稍后重试');
      return null;
    } catch (err) {
      if (!isCancel(err)) notify.error('AI 撰写超时或网络中断，请重试');
      return null;
    } finally {
      if (timer.current) clearInterval(timer.current);
      timer.current = null;
      setLoading(false);
    }
  };
  return { run, loading, elapsed };
}

/**
 * The AI writes only what the user's text and code support: where that is thin it says what the user should add
 * (no function named at all, or modules known only by their names) instead of leaving the gap unexplained.
 */
function adviseOnEvidence(info: AiInformation): void {
  const bare = info.modules.filter((m) => m.operations.length === 0).map((m) => m.name);
  if (info.modules.length === 0) {
    notify.warning('您提供的信息没有写明软件有哪些功能，AI 没有替您编造功能模块。请在软件描述中写下软件能做什么（例如“支持车辆登记、违章查询”），或在“功能模块”步骤添加模块，也可以上传源代码');
  } else if (bare.length) {
    notify.warning(`这些模块只有名称，AI 没有替您编写操作：${bare.join('、')}。请在“功能模块”步骤补充它们的说明和操作`);
  }
}

const STAGES = ['阅读软件信息', '梳理功能模块', '撰写软件的主要功能', '填写开发与运行环境', '按申请表字数要求校对'];

/** The waiting panel while the AI writes (stage hints advance with time; the real answer ends it). */
export function AiWritingPanel({ elapsed, fromCode = false }: { elapsed: number; fromCode?: boolean }) {
  const stage = Math.min(STAGES.length - 1, Math.floor(elapsed / 4));
  const pct = Math.min(95, Math.round(100 * (1 - Math.exp(-elapsed / 15))));
  return (
    <div className="ai-writing" data-testid="ai-writing">
      <RobotOutlined className="ai-writing-icon" />
      <div className="ai-writing-title">正在{fromCode ? '根据代码结构' : '根据软件信息'}撰写申请表文字…</div>
      <Progress percent={pct} status="active" showInfo={false} style={{ maxWidth: 420, margin: '12px auto 8px' }} />
      <div className="muted">
        {fromCode && stage === 0 ? '阅读代码分析结果' : STAGES[stage]} · 已用时 {elapsed} 秒，通常需要 5–60 秒
      </div>
    </div>
  );
}
