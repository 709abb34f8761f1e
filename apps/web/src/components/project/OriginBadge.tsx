import { createContext, useContext, useMemo } from 'react';
import { Tag, Tooltip } from 'antd';
import { originLabel, type ProjectDetails, type TextOrigin, type TextOrigins } from '@mazhu/contracts';
import { useProjectDetails } from '@/api/projects';

const COLORS: Record<TextOrigin['origin'], string> = { user: 'default', code: 'blue', draft: 'gold', ai: 'volcano' };

function describe(o: TextOrigin): string {
  if (o.origin === 'ai') return `由 AI 模型${o.model ? ` ${o.model}` : ''}撰写${o.edited ? '，您修改过' : ''}${o.at ? `（${o.at.slice(0, 16).replace('T', ' ')} UTC）` : ''}。材料中有 AI 撰写的文字时，2026 年版申请表的声明无法如实签署：请用自己的话重写或删除`;
  if (o.origin === 'draft') return '系统按固定规则根据您填写的信息和代码拼写（不是 AI），请核对是否与软件实际一致';
  if (o.origin === 'code') return `取自上传的源代码${o.evidence?.length ? `：${o.evidence.slice(0, 3).join('、')}` : ''}`;
  return '您本人填写';
}

/** The small badge of a text's origin (用户填写 / 代码提取 / 规则草稿 / AI 撰写 / AI 撰写，经本人修改); nothing when unknown. */
export function OriginBadge({ origin }: { origin?: TextOrigin }) {
  if (!origin) return null;
  return (
    <Tooltip title={describe(origin)}>
      <Tag color={COLORS[origin.origin]} className="origin-badge" data-testid="origin-badge" data-origin={origin.origin} style={{ marginInlineStart: 6, fontWeight: 400 }}>
        {originLabel(origin)}
      </Tag>
    </Tooltip>
  );
}

/** Origins of the project being edited, as last saved: project keys (`form.mainFunctions` …) and per module by index. */
export interface FormOrigins {
  project: TextOrigins;
  modules: TextOrigins[];
}
export const OriginsContext = createContext<FormOrigins>({ project: {}, modules: [] });

/** The saved origins of a project (refetched after each save), for OriginsContext. */
export function useFormOrigins(projectId: number | undefined, initial?: ProjectDetails): FormOrigins {
  const saved = useProjectDetails(projectId);
  const p = saved.data ?? initial;
  return useMemo(() => ({ project: p?.origins ?? {}, modules: (p?.modules ?? []).map((m) => m.origins ?? {}) }), [p]);
}

/** A field label followed by the badge of its saved origin (`key` as the server names it: `form.purpose`, `description`). */
export function OriginLabel({ text, field }: { text: string; field: string }) {
  const { project } = useContext(OriginsContext);
  return (
    <span>
      {text}
      <OriginBadge origin={project[field]} />
    </span>
  );
}

/** A module part's label with its badge (`part`: name, description, operations, notes). */
export function ModuleOriginLabel({ text, index, part }: { text: string; index: number; part: string }) {
  const { modules } = useContext(OriginsContext);
  return (
    <span>
      {text}
      <OriginBadge origin={modules[index]?.[part]} />
    </span>
  );
}
