import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Form, Popconfirm, Space, Steps } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, FileTextOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { AiInformation, CodeUpload, ProjectDetails } from '@mazhu/contracts';
import { addProject, editProject, generateProjectWord, getAiInformation, projectKeys, saveAiEdit } from '@/api/projects';
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
import { RightsAlert, RightsDeclaration, rightsCheckItem, useRightsCheck } from '@/components/project/RightsPanel';
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
import { AiWriteButton } from '@/components/project/useAiGate';
import { OriginsContext, useFormOrigins } from '@/components/project/OriginBadge';

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
  /** The user accepted generating with a 主要功能 shorter than the form needs (kept as the facts allow, never padded). */
  const [acceptShort, setAcceptShort] = useState(false);
  const [saving, setSaving] = useState(false);
  const [upload, setUpload] = useState<CodeUpload | null>(details?.code ?? null);
  const ai = useAiWriter();
  const origins = useFormOrigins(projectId, details);
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
    // The stored AI information follows the user's edits (the project's fields are what counts); a refusal is shown.
    if (ok && aiInfo.current) void saveAiEdit(projectId, toAiInformation(values(), aiInfo.current));
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
  /** Fills the texts: `rules` (default) with the rule-based writer, `ai` with the model when the user asked for it. */
  const writeAi = async (withModules: boolean, engine: 'rules' | 'ai' = 'rules') => {
    const v = values();
    // The project is saved at step 1: the server reads it (fields, modules, code analysis) and keeps the answer.
    const info = await ai.run(
      projectId
        ? { id: projectId, description: v.description, engine }
        : { name: v.name, shortName: v.shortName, version: v.version, category: v.category, platform: v.platform, description: v.description, uploadId: upload?.uploadId, engine },
    );
    if (!info) return;
    aiInfo.current = info;
    const fill = fromAiInformation(info, upload?.analysis.languages);
    if (!withModules) delete fill.modules;
    form.setFieldsValue(fill);
    if (!v.description?.trim() && info.description) form.setFieldValue('description', info.description);
    force((n) => n + 1);
    if (engine === 'ai') {
      // A model's texts are suggestions: they are kept (labelled AI 撰写) only when the user saves this step.
      notify.success('AI 写的文字已填入（建议），点“下一步”保存即采用，保存后标为“AI 撰写”；请逐项核对，可用自己的话改写');
      return;
    }
    notify.success('已填写规则草稿并保存，请逐项核对并按实际情况修改');
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

  const draft = step === 3 || step === 4 ? { ...toDraft(values(), Boolean(upload)), codeOptional: true, formerModuleNames: aiInfo.current?.modules.map((m) => m.name) } : null;
  // Someone else's code: checked on the server against the owners chosen here, before anything is charged.
  const rights = useRightsCheck({ projectId, uploadId: upload?.uploadId, ownerIds: draft?.form.ownerIds }, (step === 3 || step === 4) && Boolean(upload));
  const rightsItem = rightsCheckItem(rights.data);
  const checks = draft ? [...(rightsItem ? [rightsItem] : []), ...checkProjectDraft(draft)] : [];
  const shortItem = checks.find((i) => i.confirmable && !i.ok);
  const blocked = !canGenerate(checks, acceptShort);
  /** Blocked by something the user cannot accept (the short 主要功能 is accepted on the last step). */
  const blockedHard = !canGenerate(checks, true);
  const rightsBox = rights.data && projectId ? <RightsDeclaration check={rights.data} projectId={projectId} ensureProject={async () => projectId} /> : null;

  return (
    <OriginsContext.Provider value={origins}>
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
                description="AI 不会编写代码。有代码时请在这里上传您享有著作权的项目源代码压缩包（.zip / .tar.gz），系统识别编程语言、统计源程序量，并按前 30 页 + 后 30 页排版；他人的开源代码不能登记。没有代码也可以生成：只填写软件信息和功能模块，生成申请表、操作手册和检查报告，源程序文档在上传代码后再生成。"
              />
              <CodeUploader value={upload} onUploaded={onUploaded} />
              {upload && <CodeAnalysisView analysis={upload.analysis} />}
              {upload && <RightsAlert rights={upload.rights} />}
            </>
          )}

          {step === 1 && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>AI 信息</h2>
                  <p>未填写的文字先由规则草稿填写（系统按固定规则根据您的信息和代码拼写，不是 AI），每一项都可以直接修改；每项标明文字来源。</p>
                </div>
                <Space>
                  <Popconfirm title="重新起草？" description="当前填写的申请表文字和功能模块会被规则草稿（按固定规则拼写，不是 AI）替换。" okText="重新生成" cancelText="取消" onConfirm={() => void writeAi(true)}>
                    <Button icon={<FileTextOutlined />} loading={ai.loading} data-testid="ai-regenerate">
                      重新生成（规则草稿）
                    </Button>
                  </Popconfirm>
                  <AiWriteButton loading={ai.loading} onWrite={() => void writeAi(true, 'ai')} />
                </Space>
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
              {rightsBox}
              <FormPreview draft={draft} checks={checks} />
            </>
          )}

          {step === 4 && draft && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>生成材料</h2>
                  <p>{upload ? '生成源程序（PDF/Word）、操作手册（PDF/Word）与申请表信息，并对生成的文件逐页检查。' : '生成申请表信息、操作手册（PDF/Word，含界面原型图）和检查报告，并对生成的文件逐页检查；未上传源代码，不生成源程序文档。'}</p>
                </div>
              </div>
              {shortItem && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 16 }}
                  data-testid="short-main-functions"
                  title="软件的主要功能字数不足：未通过"
                  description={
                    <>
                      <div>{shortItem.message}</div>
                      <Checkbox checked={acceptShort} onChange={(e) => setAcceptShort(e.target.checked)} style={{ marginTop: 8 }} data-testid="accept-short">
                        我了解：按现有资料生成，检查报告中此项为“未通过”，提交登记前须补充到 500 字以上
                      </Checkbox>
                    </>
                  }
                />
              )}
              <GeneratePanel
                projectId={projectId}
                source="form"
                name={draft.name}
                version={draft.version}
                outdated={details?.materialsOutdated}
                blocked={blocked || !projectId}
                hasCode={Boolean(upload)}
                cost={<ProjectCost hasCode={Boolean(upload)} />}
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
                <Button type="primary" icon={<ArrowRightOutlined />} iconPlacement="end" disabled={blockedHard} onClick={() => go(4)} data-testid="wizard-next">
                  {blockedHard ? '请先修改未通过的项目' : '确认无误，去生成'}
                </Button>
              )}
            </Space>
          </div>
        </div>
        <WizardAside upload={upload} projectId={projectId} status={details?.status} tips={TIPS} />
      </div>
    </Form>
    </OriginsContext.Provider>
  );
}
