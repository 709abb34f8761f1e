import { Link } from 'react-router';
import { Skeleton } from 'antd';
import { RECHARGE_URL } from '@mazhu/contracts';
import { useBalances, useCodeProjectIntegral, useIntegralSetting } from '@/api/projects';
import './project.css';

interface CostView {
  points: number | undefined;
  freeTimes: number;
  giftedPoints: number;
  rechargePoints: number;
  extra?: string;
}

function CostBox({ c }: { c: CostView }) {
  const useFree = c.freeTimes > 0;
  const have = c.giftedPoints + c.rechargePoints;
  const enough = useFree || c.points === undefined || have >= c.points;
  return (
    <div className="cost-box" data-testid="cost-box">
      <div className="cost-item">
        <div className="cost-label">本次费用</div>
        <div className="cost-value">{useFree ? '1 次免费次数' : c.points !== undefined ? `${c.points} 积分` : '—'}</div>
        {c.extra && <div className="cost-note">{c.extra}</div>}
      </div>
      <div className="cost-item">
        <div className="cost-label">免费次数</div>
        <div className="cost-value" data-testid="cost-free-times">
          {c.freeTimes} 次
        </div>
      </div>
      <div className="cost-item">
        <div className="cost-label">赠送积分 / 充值积分</div>
        <div className="cost-value">
          {c.giftedPoints} / {c.rechargePoints}
        </div>
      </div>
      <div className="cost-rule">
        扣费顺序：先用免费次数，再用赠送积分，最后用充值积分；生成失败自动退回。
        {!enough && (
          <>
            {' '}
            <span className="cost-short">余额不足，</span>
            <Link to={RECHARGE_URL}>去充值</Link>
          </>
        )}
      </div>
    </div>
  );
}

/** Cost of generating a described project's materials (智能生成): with code the 智能生成 price, without it the described-only price. */
export function ProjectCost({ hasCode = true }: { hasCode?: boolean }) {
  const setting = useIntegralSetting();
  const balances = useBalances();
  if (setting.isLoading || balances.isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  const b = balances.data;
  return (
    <CostBox
      c={{
        points: hasCode ? setting.data?.generateProject : setting.data?.describedProject,
        freeTimes: b?.freeTimes ?? 0,
        giftedPoints: b?.giftedPoints ?? 0,
        rechargePoints: b?.rechargePoints ?? 0,
        extra: hasCode ? undefined : '仅描述生成：不含源程序文档',
      }}
    />
  );
}

/** Cost of a code project, by its size (源程序量). */
export function CodeProjectCost({ uploadId, id }: { uploadId?: number; id?: number }) {
  const q = useCodeProjectIntegral(id ? { id } : { uploadId });
  const balances = useBalances();
  if (q.isLoading || balances.isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  const c = q.data;
  const b = balances.data;
  return (
    <CostBox
      c={{
        points: c?.points,
        freeTimes: c?.freeTimes ?? b?.freeTimes ?? 0,
        giftedPoints: c?.giftedPoints ?? b?.giftedPoints ?? 0,
        rechargePoints: c?.rechargePoints ?? b?.rechargePoints ?? 0,
        extra: c ? `按源程序量 ${c.sourceLines.toLocaleString('zh-CN')} 行计算` : undefined,
      }}
    />
  );
}
