import { Form, Tag } from 'antd';
import { PROJECT_LIMITS, PROJECT_STATUS_LABELS, type CodeUpload, type ProjectStatus } from '@mazhu/contracts';
import { useProjectWordStatus } from '@/api/projects';
import type { ProjectFormValues } from './form-values';
import './project.css';

/**
 * The wizard's side column: what has been filled so far, the project's state and the rules the materials must meet.
 * The state is the live generation state of the project (the generate panel's), so it follows 排队中, 生成中 and the outcome
 * as soon as a generation starts; `status` (the project as loaded) only stands in until that is read.
 */
export default function WizardAside({ upload, projectId, status: loaded, tips }: { upload: CodeUpload | null; projectId?: number; status?: ProjectStatus; tips: string[] }) {
  const live = useProjectWordStatus(projectId);
  const status = live.data?.state ?? loaded;
  const form = Form.useFormInstance<ProjectFormValues>();
  const name = Form.useWatch('name', { form, preserve: true });
  const version = Form.useWatch('version', { form, preserve: true });
  const main = Form.useWatch('mainFunctions', { form, preserve: true });
  const modules = Form.useWatch('modules', { form, preserve: true });
  const mf = (main ?? '').trim().length;
  const mfOk = mf >= PROJECT_LIMITS.mainFunctionsMin && mf <= PROJECT_LIMITS.mainFunctionsMax;
  return (
    <aside className="wizard-aside">
      <div className="aside-card">
        <h4>项目概要</h4>
        <div className="aside-kv">
          <span>软件全称</span>
          <strong title={name}>{name || '—'}</strong>
        </div>
        <div className="aside-kv">
          <span>版本号</span>
          <strong>{version || '—'}</strong>
        </div>
        <div className="aside-kv">
          <span>源代码</span>
          <strong>{upload ? `${upload.analysis.sourceLines.toLocaleString('zh-CN')} 行` : '未上传'}</strong>
        </div>
        <div className="aside-kv">
          <span>主要功能</span>
          <strong style={{ color: mf ? (mfOk ? '#16a34a' : '#dc2626') : undefined }}>{mf ? `${mf} 字` : '—'}</strong>
        </div>
        <div className="aside-kv">
          <span>功能模块</span>
          <strong>{modules?.filter((m) => m?.name?.trim()).length ?? 0} 个</strong>
        </div>
        {status && (
          <div className="aside-kv" data-testid="aside-status">
            <span>状态</span>
            <Tag color={status === 'succeeded' ? 'success' : status === 'failed' ? 'error' : status === 'draft' ? 'default' : 'processing'} style={{ marginInlineEnd: 0 }}>
              {PROJECT_STATUS_LABELS[status]}
            </Tag>
          </div>
        )}
      </div>
      <div className="aside-card">
        <h4>版权中心的要求</h4>
        <ul>
          {tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
