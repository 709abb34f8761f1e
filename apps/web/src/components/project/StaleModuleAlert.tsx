import { Form } from 'antd';
import type { ModuleValues } from './form-values';
import { staleModuleMentions } from './checks';
import WarningList from './WarningList';

/**
 * A live warning while the user edits the AI texts or the modules: 主要功能, 技术特点 or 开发目的 still state a module
 * count or a module name that the modules no longer have (staleModuleMentions). Renders nothing when all agree.
 */
export default function StaleModuleAlert({ formerNames }: { formerNames?: string[] }) {
  const form = Form.useFormInstance();
  const modules = Form.useWatch<ModuleValues[] | undefined>('modules', { form, preserve: true });
  const mainFunctions = Form.useWatch<string | undefined>('mainFunctions', { form, preserve: true });
  const techFeatures = Form.useWatch<string | undefined>('techFeatures', { form, preserve: true });
  const purpose = Form.useWatch<string | undefined>('purpose', { form, preserve: true });
  const names = (modules ?? []).map((m) => m?.name?.trim() ?? '').filter(Boolean);
  const items = staleModuleMentions({ mainFunctions, techFeatures, purpose }, names, formerNames);
  if (!items.length) return null;
  return (
    <WarningList
      style={{ marginBottom: 16 }}
      testId="stale-modules"
      title="功能模块已改动，下列文字还没有跟着改"
      items={items.map((i) => `${i.field}：${i.message}`)}
    />
  );
}
