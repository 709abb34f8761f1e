import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Form, Popconfirm, Space, Steps } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, RobotOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { AiInformation, CodeUpload, ProjectDetails } from '@mazhu/contracts';
import { addProject, editAiJsonText, editProject, generateProjectWord, getAiInformation, projectKeys } from '@/api/projects';
import { previewKeys } from '@/api/preview';
import { notify } from '@/utils/notify';
import AiNotice from '@/components/project/AiNotice';
import ApplicationFormFields from '@/components/project/ApplicationFormFields';
import BasicInfoFields from '@/components/project/BasicInfoFields';
import CodeUploader from '@/components/project/CodeUploader';
import { CodeAnalysisView } from '@/components/project/CodeAnalysisView';
import { ProjectCost } from '@/components/project/CostSummary';
import FormPreview from '@/components/project/FormPreview';
import GeneratePanel from '@/components/project/GeneratePanel';
import ModulesEditor from '@/components/project/ModulesEditor';
import StaleModuleAlert from '@/components/project/StaleModuleAlert';
import ScreenshotsPanel from '@/components/project/ScreenshotsPanel';
import WizardAside from '@/components/project/WizardAside';
import { canGenerate, checkProjectDraft } from '@/components/project/checks';
import {
  AI_FIELDS,
  BASIC_FIELDS,
  DEFAULT_VALUES,
  aiFieldsEmpty,
  fromAiInformation,
  fromDetails,
  toApplicationForm,
  toBasicInput,
  toDraft,
  toModuleInputs,
  toAiInformation,
  toProjectInput,
  type ProjectFormValues,
} from '@/components/project/form-values';
import { AiWritingPanel, useAiWriter } from '@/components/project/useAiWriter';

const STEPS = [
  { title: '基本信息', content: '名称、版本与声明' },
  { title: 'AI 信息', content: '申请表文字' },
  { title: '功能模块', content: '操作手册章节' },
  { title: '预览核对', content: '逐项检查' },
  { title: '生成材料', content: '下载 ZIP' },
];

const TIPS = [
  '软件全称以“软件”“系统”或“平台”结尾',
  '版本号形如 V1.0，不含 Beta 或中文',
  '软件的主要功能 500–1300 字',
  '源程序前 30 页 + 后 30 页，每页不少于 50 行',
  '操作手册每页不少于 30 行，页眉含名称与版本',
  '申请表、手册、代码中的功能一一对应',
];

export default function AutoGenerateWizard({ details }: { details?: ProjectDetails }) {
  const [form] = Form.useForm<ProjectFormValues>();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [projectId, setProjectId] = useState<number | undefined>(details?.id);
  const editing = Boolean(details);
  const [step, setStep] = useState(() => (details && details.status !== 'draft' ? 4 : 0));
  const [reached, setReached] = useState(details ? 4 : 0);
  const [saving, setSaving] = useState(false);
  const [upload, setUpload] = useState<CodeUpload | null>(details?.code ?? null);
  const ai = useAiWriter();
  const aiTried = useRef(false);
  /** The last AI answer, to store the user's edit of it with the project. */
  const aiInfo = useRef<AiInformation | null>(null);
  const [, force] = useState(0);

  const initialValues = useMemo(() => ({ ...DEFAULT_VALUES, ...(details ? fromDetails(details) : {}) }), [details]);

  const values = (): ProjectFormValues => form.getFieldsValue(true) as ProjectFormValues;

  const go = (next: number) => {
    setStep(next);
    setReached((r) => Math.max(r, next));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  /** Saves the basic part: creates the project on the first pass. */
  const saveBasic = async (): Promise<boolean> => {
    const v = values();
    if (!projectId) {
      const res = await addProject(toProjectInput(v, upload?.uploadId));
      if (res?.code !== 200 || !res.data) return false;
      setProjectId(res.data.id);
      setParams({ id: String(res.data.id) }, { replace: true });
      return true;
    }
    const res = await editProject({ id: projectId, ...toBasicInput(v), form: toApplicationForm(v), uploadId: upload?.uploadId });
    return res?.code === 200;
  };

  const saveForm = async () => projectId !== undefined && (await editProject({ id: projectId, form: toApplicationForm(values()) }))?.code === 200;
  const saveModules = async () => {
    if (projectId === undefined) return false;
    const ok = (await editProject({ id: projectId, modules: toModuleInputs(values().modules) }))?.code === 200;
    // Best effort: the stored AI information follows the user's edits (the project's fields are what counts).
    if (ok && aiInfo.current) void editAiJsonText(projectId, toAiInformation(values(), aiInfo.current)).catch(() => undefined);
    // The screenshot list follows the saved modules.
    if (ok) void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }).then(() => queryClient.invalidateQueries({ queryKey: previewKeys.project(projectId) }));
    return ok;
  };

  /**
   * Saves what the AI just wrote as the project's draft at once (the form texts, and the modules when it wrote them),
   * so leaving the wizard before 下一步 loses nothing. The user is told when the draft could not be saved.
   */
  const saveAiDraft = async (withModules: boolean) => {
    if (projectId === undefined) return;
    const v = values();
    const res = await editProject({ id: projectId, form: toApplicationForm(v), ...(withModules ? { modules: toModuleInputs(v.modules) } : {}) }).catch(() => null);
    if (res?.code === 200) void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    else notify.warning(`AI 写的内容还没有保存${res?.msg ? `：${res.msg}` : ''}。请点“下一步”保存`);
  };

  /** Saves the modules for the screenshot list, after the same checks as “下一步”. */
  const saveModulesChecked = async (): Promise<boolean> => {
    const mods = values().modules ?? [];
    try {
      await form.validateFields(mods.flatMap((_, i) => [['modules', i, 'name'], ['modules', i, 'description'], ['modules', i, 'operations'], ['modules', i, 'notes']]));
    } catch {
      notify.error('请按提示修改标红的内容');
      return false;
    }
    const ok = await saveModules();
    if (ok) notify.success('功能模块已保存');
    return ok;
  };

  const next = async () => {
    const fields = step === 0 ? BASIC_FIELDS : step === 1 ? AI_FIELDS : step === 2 ? undefined : [];
    try {
      if (step === 2) {
        const mods = values().modules ?? [];
        if (!mods.some((m) => m?.name?.trim())) {
          notify.warning('请至少添加一个功能模块');
          return;
        }
        await form.validateFields(mods.flatMap((_, i) => [['modules', i, 'name'], ['modules', i, 'description'], ['modules', i, 'operations'], ['modules', i, 'notes']]));
      } else if (fields?.length) {
        await form.validateFields(fields);
      }
    } catch {
      notify.error('请按提示修改标红的内容');
      return;
    }
    setSaving(true);
    try {
      const ok = step === 0 ? await saveBasic() : step === 1 ? await saveForm() : step === 2 ? await saveModules() : true;
      if (!ok) return;
      if (projectId) void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      go(step + 1);
    } finally {
      setSaving(false);
    }
  };

  /** Writes the AI texts into the form (modules too when `withModules`). */
  const writeAi = async (withModules: boolean) => {
    const v = values();
    // The project is saved at step 1: the server reads it (fields, modules, code analysis) and keeps the answer.
    const info = await ai.run(
      projectId
        ? { id: projectId, description: v.description }
        : { name: v.name, shortName: v.shortName, version: v.version, category: v.category, platform: v.platform, description: v.description, uploadId: upload?.uploadId },
    );
    if (!info) return;
    aiInfo.current = info;
    const fill = fromAiInformation(info, upload?.analysis.languages);
    if (!withModules) delete fill.modules;
    form.setFieldsValue(fill);
    if (!v.description?.trim() && info.description) form.setFieldValue('description', info.description);
    force((n) => n + 1);
    notify.success('AI 已填写并保存为草稿，请逐项核对并按实际情况修改');
    await saveAiDraft(withModules);
  };

  // Entering the AI step with nothing written yet: load the stored AI texts, or ask the AI.
  useEffect(() => {
    if (step !== 1 || aiTried.current || !aiFieldsEmpty(values())) return;
    aiTried.current = true;
    void (async () => {
      if (projectId && details?.hasAiInformation) {
        const stored = await getAiInformation(projectId).catch(() => null);
        if (stored?.code === 200 && stored.data) {
          aiInfo.current = stored.data;
          form.setFieldsValue(fromAiInformation(stored.data, upload?.analysis.languages));
          force((n) => n + 1);
          return;
        }
      }
      await writeAi(!(values().modules ?? []).length);
    })();
  }, [step]);

  const onUploaded = (u: CodeUpload) => {
    setUpload(u);
    form.setFieldsValue({ sourceLines: u.analysis.sourceLines, languagesText: u.analysis.languages.join('、') });
  };

  const draft = step === 3 || step === 4 ? { ...toDraft(values(), Boolean(upload)), formerModuleNames: aiInfo.current?.modules.map((m) => m.name) } : null;
  const checks = draft ? checkProjectDraft(draft) : [];
  const blocked = !canGenerate(checks);

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} scrollToFirstError={{ behavior: 'smooth', block: 'center' }}>
      <div className="wizard-steps">
        <Steps
          current={step}
          items={STEPS.map((s, i) => ({ ...s, disabled: i > reached || ai.loading || saving }))}
          onChange={(i) => (i <= reached ? go(i) : undefined)}
          data-testid="wizard-steps"
        />
      </div>
      <div className="wizard-wrap">
        <div className="wizard-card">
          {step === 0 && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>基本信息</h2>
                  <p>按申请表顺序填写。软件全称与版本号会印在源程序和操作手册每一页的页眉上。</p>
                </div>
              </div>
              <BasicInfoFields />
              <div className="form-section-title">源代码</div>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                data-testid="own-code-notice"
                title="源程序文档须由您自己的源代码生成"
                description="AI 不会编写代码。请在这里上传您享有著作权的项目源代码压缩包（.zip / .tar.gz），系统识别编程语言、统计源程序量，并按前 30 页 + 后 30 页排版；他人的开源代码不能登记。也可以稍后再上传，但生成材料前必须上传。"
              />
              <CodeUploader value={upload} onUploaded={onUploaded} />
              {upload && <CodeAnalysisView analysis={upload.analysis} />}
            </>
          )}

          {step === 1 && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>AI 信息</h2>
                  <p>AI 按申请表的字数要求撰写下列文字，每一项都可以直接修改。</p>
                </div>
                <Popconfirm title="重新生成 AI 信息？" description="当前填写的申请表文字和功能模块会被 AI 的新版本替换。" okText="重新生成" cancelText="取消" onConfirm={() => void writeAi(true)}>
                  <Button icon={<RobotOutlined />} loading={ai.loading} data-testid="ai-regenerate">
                    重新生成
                  </Button>
                </Popconfirm>
              </div>
              <AiNotice />
              <StaleModuleAlert formerNames={aiInfo.current?.modules.map((m) => m.name)} />
              {ai.loading && <AiWritingPanel elapsed={ai.elapsed} fromCode={Boolean(upload)} />}
              <div style={ai.loading ? { opacity: 0.45, pointerEvents: 'none' } : undefined}>
                <ApplicationFormFields disabled={ai.loading} languagesFromCode={Boolean(upload)} />
              </div>
            </>
          )}

          {step === 2 && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>功能模块</h2>
                  <p>每个模块是操作手册中的一章，须与代码中真实存在的功能对应。可逐个让 AI 润色说明与操作步骤。</p>
                </div>
              </div>
              <AiNotice compact />
              <div style={{ height: 16 }} />
              <StaleModuleAlert formerNames={aiInfo.current?.modules.map((m) => m.name)} />
              <ModulesEditor onAiWritten={() => void saveModules()} />
              <ScreenshotsPanel projectId={projectId} onSave={saveModulesChecked} />
            </>
          )}

          {step === 3 && draft && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>预览核对</h2>
                  <p>这是将填入申请表的内容。下面逐项列出检查结果，未通过的项目须先修改。</p>
                </div>
              </div>
              <FormPreview draft={draft} checks={checks} />
            </>
          )}

          {step === 4 && draft && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>生成材料</h2>
                  <p>生成源程序（PDF/Word）、操作手册（PDF/Word）与申请表信息，并对生成的文件逐页检查。</p>
                </div>
              </div>
              <GeneratePanel
                projectId={projectId}
                source="form"
                name={draft.name}
                version={draft.version}
                outdated={details?.materialsOutdated}
                blocked={blocked || !projectId}
                cost={<ProjectCost />}
                start={() => generateProjectWord(projectId ?? 0)}
              />
              {blocked && (
                <Button type="link" onClick={() => go(3)} style={{ paddingLeft: 0 }}>
                  查看未通过的检查项
                </Button>
              )}
            </>
          )}

          <div className="wizard-footer">
            <Button icon={<ArrowLeftOutlined />} disabled={step === 0 || ai.loading || saving} onClick={() => go(step - 1)}>
              上一步
            </Button>
            <Space>
              {editing && step < 3 && <span className="muted">“下一步”会保存本步的修改</span>}
              {step < 3 && (
                <Button type="primary" icon={<ArrowRightOutlined />} iconPlacement="end" loading={saving} disabled={ai.loading} onClick={() => void next()} data-testid="wizard-next">
                  {step === 0 && !projectId ? '保存并继续' : '下一步'}
                </Button>
              )}
              {step === 3 && (
                <Button type="primary" icon={<ArrowRightOutlined />} iconPlacement="end" disabled={blocked} onClick={() => go(4)} data-testid="wizard-next">
                  {blocked ? '请先修改未通过的项目' : '确认无误，去生成'}
                </Button>
              )}
            </Space>
          </div>
        </div>
        <WizardAside upload={upload} status={details?.status} tips={TIPS} />
      </div>
    </Form>
  );
}
