import { useState } from 'react';
import { Alert, Button, Input, Tag, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { declarationMatches, RIGHTS_SIGN_LABELS, type RightsCheck } from '@mazhu/contracts';
import { checkCodeRights, declareCodeRights, projectKeys } from '@/api/projects';
import { unwrap } from '@/api/request';
import type { CheckItem } from './checks';
import './project.css';

/** The place in the code each foreign sign was found, folded to a few lines. */
function Signs({ check }: { check: RightsCheck }) {
  return (
    <ul className="check-evidence" data-testid="rights-foreign">
      {check.foreign.slice(0, 8).map((s) => (
        <li key={`${s.kind}-${s.name}`}>
          <Tag>{RIGHTS_SIGN_LABELS[s.kind]}</Tag>
          <b>{s.name}</b>
          {s.lines ? `（${s.lines} 行）` : ''}：<code>{s.evidence.slice(0, 2).join('、')}</code>
        </li>
      ))}
      {check.foreign.length > 8 && <li>等共 {check.foreign.length} 处</li>}
    </ul>
  );
}

/** The check at the upload: 未通过 with what names others and the rule, or a line that the code names no one else. */
export function RightsAlert({ rights }: { rights?: RightsCheck | null }) {
  if (!rights) return null;
  if (rights.state === 'clear') {
    return <Alert type="success" showIcon style={{ marginTop: 12 }} data-testid="rights-clear" title={`著作权归属：${rights.message}`} />;
  }
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginTop: 12 }}
      data-testid="rights-flagged"
      title="未通过：代码中有他人的版权、署名或公开项目信息，付款前须处理"
      description={
        <>
          <Signs check={rights} />
          <div>{rights.message.slice(rights.message.indexOf('只有软件的著作权人'))}</div>
          <div className="muted" style={{ marginTop: 4 }}>
            （此处与“知识产权人”中登记的著作权人比对；在“项目信息”选择著作权人后，生成前会再次核对。）
          </div>
        </>
      }
    />
  );
}

/** The check of a project (or of an upload for a project not yet saved) against the owners chosen in the wizard. */
export function useRightsCheck(q: { projectId?: number; uploadId?: number; ownerIds?: number[] }, enabled: boolean) {
  return useQuery({
    queryKey: [...projectKeys.all, 'rights', q.projectId ?? 0, q.uploadId ?? 0, (q.ownerIds ?? []).join(',')],
    queryFn: async ({ signal }) => unwrap(await checkCodeRights({ id: q.projectId, uploadId: q.uploadId, ownerIds: q.ownerIds ?? [] }, signal)),
    enabled: enabled && Boolean(q.projectId || q.uploadId),
    staleTime: 0,
  });
}

/** The check as an item of the pre-submission check: 未通过 blocks the generation until declared or trimmed. */
export function rightsCheckItem(check: RightsCheck | null | undefined): CheckItem | null {
  if (!check) return null;
  return {
    field: '著作权归属',
    ok: check.state !== 'flagged',
    level: 'error',
    message: check.state === 'flagged' ? `代码中有他人的版权、署名或公开项目信息：${[...new Set(check.foreign.map((s) => s.name))].slice(0, 4).join('、')}。只有著作权人才能申请登记，请排除这些部分或在下方输入声明` : check.message,
  };
}

/**
 * The declaration box of the check before paying: what names others, the sentence to type (naming the owners), and
 * the recorded declaration with its time. `ensureProject` saves a new project as a draft first (the declaration is
 * recorded on the project) and answers its id.
 */
export function RightsDeclaration({ check, projectId, ensureProject }: { check: RightsCheck; projectId?: number; ensureProject: () => Promise<number | undefined> }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  if (check.state === 'clear') return null;
  const matches = declarationMatches(text, check.owners);
  const save = async () => {
    setSaving(true);
    try {
      const id = projectId ?? (await ensureProject());
      if (!id) return;
      const r = await declareCodeRights(id, text.trim());
      if (r?.code === 200) {
        setText('');
        await queryClient.invalidateQueries({ queryKey: [...projectKeys.all, 'rights'] });
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={`rights-box ${check.state}`} data-testid="rights-declaration">
      <div className="form-section-title" style={{ marginTop: 0 }}>
        著作权归属
      </div>
      {check.state === 'declared' && check.declaration ? (
        <Alert
          type="warning"
          showIcon
          icon={<CheckCircleFilled />}
          data-testid="rights-declared"
          title={`已于 ${check.declaration.declaredAt.replace('T', ' ').slice(0, 16)}（UTC）声明，可以生成；声明会印在检查报告中`}
          description={
            <>
              <div>“{check.declaration.text}”</div>
              <Signs check={check} />
            </>
          }
        />
      ) : (
        <>
          <Alert type="error" showIcon title="未通过：代码中有他人的版权、署名或公开项目信息" description={<Signs check={check} />} />
          <p style={{ margin: '12px 0 6px' }}>
            只有软件的著作权人（原始取得，或经受让、承受、继承取得权利的人）才能申请登记；真实补正通知：“提交的源程序有自由源代码或别人的开发信息、版权声明等，应提交自己独立开发部分的源程序”。
            可以回到“上传代码”步骤在文件选择中排除这些部分；如果这些代码的著作权确实属于
            {check.owners.length ? check.owners.join('、') : '著作权人'}，请输入下面这句话（可以补充说明），声明会连同时间记录在项目中并印在检查报告里：
          </p>
          {check.owners.length ? (
            <>
              <Typography.Paragraph copyable={false} className="rights-sentence" data-testid="rights-sentence">
                {check.sentence}
              </Typography.Paragraph>
              <Input.TextArea
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoSize={{ minRows: 2, maxRows: 5 }}
                maxLength={500}
                placeholder="请逐字输入上面这句话（不能粘贴）"
                onPaste={(e) => e.preventDefault()}
                data-testid="rights-input"
              />
              <div style={{ marginTop: 8, display: 'flex', gap: 12, alignItems: 'center' }}>
                <Button type="primary" danger disabled={!matches} loading={saving} onClick={() => void save()} data-testid="rights-submit">
                  记录声明
                </Button>
                <span className="muted">{text && !matches ? '还没有包含上面这句话' : '虚假声明须自行承担法律责任'}</span>
              </div>
            </>
          ) : (
            <Alert type="warning" showIcon title="请先在“项目信息”步骤选择著作权人，才能声明" />
          )}
        </>
      )}
    </div>
  );
}
