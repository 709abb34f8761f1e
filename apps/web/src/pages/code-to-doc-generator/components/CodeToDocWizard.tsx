import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Col, Collapse, Form, Input, Popconfirm, Row, Space, Steps } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, FileTextOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PROJECT_LIMITS, type CodeUpload, type ProjectDetails } from '@mazhu/contracts';
import { addCodeProject, addCodeProjectDraft, editProject, generateProjectWord, getAiInformation, projectKeys, type StartOutcome } from '@/api/projects';
import { notify } from '@/utils/notify';
import AiNotice from '@/components/project/AiNotice';
import ApplicationFormFields from '@/components/project/ApplicationFormFields';
import BasicInfoFields, { NAME_RULES, VERSION_RULES } from '@/components/project/BasicInfoFields';
import CodeUploader from '@/components/project/CodeUploader';
import { CodeAnalysisView, FirstPagePreview, SoftwareFormField } from '@/components/project/CodeAnalysisView';
import CodeFileSelection from '@/components/project/CodeFileSelection';
import { CodeProjectCost } from '@/components/project/CostSummary';
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
  toDraft,
  toProjectInput,
  type ProjectFormValues,
} from '@/components/project/form-values';
import { AiWritingPanel, useAiWriter } from '@/components/project/useAiWriter';
import { AiWriteButton } from '@/components/project/useAiGate';
import { OriginsContext, useFormOrigins } from '@/components/project/OriginBadge';

const STEPS = [
  { title: '上传代码', content: '识别语言与行数' },
  { title: '项目信息', content: '据代码填写申请表' },
  { title: '功能模块', content: '操作手册章节' },
  { title: '核对并生成', content: '检查、扣费、下载' },
];

const TIPS = [
  '只打包自己编写的源代码，第三方库、构建产物会被排除',
  '源程序量填全部源程序的总行数',
  '编程语言须列出全部使用的语言',
  '超过 60 页取前 30 页 + 后 30 页；不足 60 页全部提交，绝不补充或重复代码',
  '第 1 页从程序入口开始，第 60 页在完整的文件末尾结束',
  '页眉为“软件全称 版本号”，页码在右上角',
];

export default function CodeToDocWizard({ details }: { details?: ProjectDetails }) {
  const [form] = Form.useForm<ProjectFormValues>();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [projectId, setProjectId] = useState<number | undefined>(details?.id);
  const [step, setStep] = useState(() => (details && details.status !== 'draft' ? 3 : details ? 1 : 0));
  const [reached, setReached] = useState(details ? 3 : 0);
  const [upload, setUpload] = useState<CodeUpload | null>(details?.code ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  /** A generation was started (now or before): progress and download come first. */
  const [started, setStarted] = useState(Boolean(details && details.status !== 'draft'));
  const ai = useAiWriter();
  const origins = useFormOrigins(projectId, details);
  const aiTried = useRef(false);
  const [, force] = useState(0);
  const name = Form.useWatch('name', { form, preserve: true });
  const version = Form.useWatch('version', { form, preserve: true });

  const initialValues = useMemo(() => ({ ...DEFAULT_VALUES, ...(details ? fromDetails(details) : {}) }), [details]);
  const values = (): ProjectFormValues => form.getFieldsValue(true) as ProjectFormValues;

  const go = (next: number) => {
    setStep(next);
    setReached((r) => Math.max(r, next));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const onUploaded = (u: CodeUpload, f: File) => {
    setUpload(u);
    setFile(f);
    form.setFieldsValue({ sourceLines: u.analysis.sourceLines, languagesText: u.analysis.languages.join('、') });
  };

  /** Edit mode: saves everything to the existing project. */
  const saveAll = async (): Promise<boolean> => {
    if (!projectId || !upload) return true;
    const res = await editProject({ id: projectId, ...toProjectInput(values(), upload.uploadId) });
    if (res?.code === 200) void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    return res?.code === 200;
  };

  /**
   * Saves the project so the screenshots have screens to attach to: the modules of an existing project, or a new
   * project kept as a draft (nothing is charged until “生成”).
   */
  const saveForScreenshots = async (): Promise<boolean> => {
    if (!upload) return false;
    const mods = values().modules ?? [];
    try {
      await form.validateFields(mods.flatMap((_, i) => [['modules', i, 'name'], ['modules', i, 'description'], ['modules', i, 'operations'], ['modules', i, 'notes']]));
    } catch {
      notify.error('请按提示修改标红的内容');
      return false;
    }
    if (projectId) {
      const ok = await saveAll();
      if (ok) notify.success('功能模块已保存');
      return ok;
    }
    const res = await addCodeProjectDraft({ ...toProjectInput(values(), upload.uploadId), uploadId: upload.uploadId });
    if (res?.code !== 200 || !res.data) return false;
    setProjectId(res.data.project.id);
    setParams({ id: String(res.data.project.id) }, { replace: true });
    notify.success('项目已保存，可以上传截图了');
    return true;
  };

  const next = async () => {
    try {
      if (step === 0) {
        if (!upload) {
          notify.warning('请先上传源代码压缩包');
          return;
        }
        await form.validateFields(['name', 'version']);
      } else if (step === 1) {
        await form.validateFields([...BASIC_FIELDS, ...AI_FIELDS]);
      } else if (step === 2) {
        const mods = values().modules ?? [];
        if (!mods.some((m) => m?.name?.trim())) {
          notify.warning('请至少添加一个功能模块');
          return;
        }
        await form.validateFields(mods.flatMap((_, i) => [['modules', i, 'name'], ['modules', i, 'description'], ['modules', i, 'operations'], ['modules', i, 'notes']]));
      }
    } catch {
      notify.error('请按提示修改标红的内容');
      return;
    }
    if (projectId && step > 0) {
      setSaving(true);
      const ok = await saveAll().finally(() => setSaving(false));
      if (!ok) return;
    }
    go(step + 1);
  };

  /** Fills the texts: `rules` (default) with the rule-based writer, `ai` with the model when the user asked for it. */
  const writeAi = async (withModules: boolean, engine: 'rules' | 'ai' = 'rules') => {
    if (!upload) return;
    const v = values();
    // The fields as they are now, and the upload: the server reads the code analysis and structure hints it kept.
    const info = await ai.run({
      name: v.name,
      shortName: v.shortName,
      version: v.version,
      category: v.category,
      platform: v.platform,
      description: v.description,
      uploadId: upload.uploadId,
      engine,
    });
    if (!info) return;
    const fill = fromAiInformation(info, upload.analysis.languages);
    if (!withModules) delete fill.modules;
    form.setFieldsValue(fill);
    if (!v.description?.trim() && info.description) form.setFieldValue('description', info.description);
    force((n) => n + 1);
    notify.success(engine === 'ai' ? 'AI 写的文字已填入（建议），保存后标为“AI 撰写”；请逐项核对，可用自己的话改写' : '已根据代码填写规则草稿，请逐项核对并按实际情况修改');
  };

  // Entering 项目信息 with nothing written yet: the stored AI texts, or the AI reads the code analysis.
  useEffect(() => {
    if (step !== 1 || aiTried.current || !upload || !aiFieldsEmpty(values())) return;
    aiTried.current = true;
    void (async () => {
      if (projectId && details?.hasAiInformation) {
        const stored = await getAiInformation(projectId).catch(() => null);
        if (stored?.code === 200 && stored.data) {
          form.setFieldsValue(fromAiInformation(stored.data, upload.analysis.languages));
          force((n) => n + 1);
          return;
        }
      }
      await writeAi(!(values().modules ?? []).length);
    })();
  }, [step]);

  const start = async (): Promise<StartOutcome> => {
    if (!upload) return { kind: 'error', msg: '请先上传源代码' };
    if (projectId) {
      if (!(await saveAll())) return { kind: 'error', msg: '保存失败' };
      return generateProjectWord(projectId);
    }
    const out = await addCodeProject({ ...toProjectInput(values(), upload.uploadId), uploadId: upload.uploadId });
    // Refused for the balance: the server kept the project as a draft; from now on this wizard edits it.
    const kept = out.kind === 'insufficient' ? out.info?.projectId : undefined;
    if (kept) {
      setProjectId(kept);
      setParams({ id: String(kept) }, { replace: true });
    }
    return out;
  };

  const draft = step === 3 ? toDraft(values(), Boolean(upload)) : null;
  // Someone else's code: checked on the server against the owners chosen here, before anything is charged.
  const rights = useRightsCheck({ projectId, uploadId: upload?.uploadId, ownerIds: draft?.form.ownerIds }, step === 3 && Boolean(upload));
  const rightsItem = rightsCheckItem(rights.data);
  const checks = draft ? [...(rightsItem ? [rightsItem] : []), ...checkProjectDraft(draft)] : [];
  const blocked = !canGenerate(checks);
  /** A new project is kept as a draft before its declaration is recorded (nothing is charged). */
  const ensureProject = async (): Promise<number | undefined> => {
    if (projectId) return projectId;
    if (!upload) return undefined;
    const res = await addCodeProjectDraft({ ...toProjectInput(values(), upload.uploadId), uploadId: upload.uploadId });
    if (res?.code !== 200 || !res.data) return undefined;
    setProjectId(res.data.project.id);
    setParams({ id: String(res.data.project.id) }, { replace: true });
    return res.data.project.id;
  };
  const header = `${(name ?? '').trim() || '软件全称'} ${(version ?? '').trim() || 'V1.0'}`;

  return (
    <OriginsContext.Provider value={origins}>
    <Form form={form} layout="vertical" initialValues={initialValues} scrollToFirstError={{ behavior: 'smooth', block: 'center' }}>
      <div className="wizard-steps">
        <Steps current={step} items={STEPS.map((s, i) => ({ ...s, disabled: i > reached || ai.loading || saving }))} onChange={(i) => (i <= reached ? go(i) : undefined)} />
      </div>
      <div className="wizard-wrap">
        <div className="wizard-card">
          {step === 0 && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>上传代码</h2>
                  <p>上传项目源代码压缩包。系统在服务器上解压分析：识别编程语言、统计源程序量、排除第三方与生成的文件，并确定第 1 页从哪个文件开始。</p>
                </div>
              </div>
              <CodeUploader value={upload} onUploaded={onUploaded} />
              {upload && (
                <>
                  <CodeAnalysisView analysis={upload.analysis} />
                  <RightsAlert rights={upload.rights} />
                  <CodeFileSelection uploadId={upload.uploadId} onAnalysis={(analysis, rights) => setUpload({ ...upload, analysis, rights })} />
                  <SoftwareFormField detected={upload.analysis.form} />
                  <div className="form-section-title" style={{ marginTop: 24 }}>
                    软件名称与版本（印在每页页眉）
                  </div>
                  <Row gutter={24}>
                    <Col span={16}>
                      <Form.Item name="name" label="软件全称" rules={NAME_RULES}>
                        <Input placeholder="例如：智慧仓储管理系统" maxLength={PROJECT_LIMITS.nameMax} data-testid="field-name" />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item name="version" label="版本号" rules={VERSION_RULES}>
                        <Input placeholder="V1.0" maxLength={20} data-testid="field-version" />
                      </Form.Item>
                    </Col>
                  </Row>
                  <div className="form-section-title">第 1 页预览</div>
                  <FirstPagePreview file={file} entry={upload.analysis.entry} header={header} />
                </>
              )}
            </>
          )}

          {step === 1 && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>项目信息</h2>
                  <p>编程语言与源程序量来自代码统计；未填写的文字由规则草稿根据代码结构填写（不是 AI），每项标明文字来源，请逐项核对。</p>
                </div>
                <Space>
                  <Popconfirm title="根据代码重新生成？" description="当前的申请表文字和功能模块会被规则草稿（按固定规则拼写，不是 AI）替换。" okText="重新生成" cancelText="取消" onConfirm={() => void writeAi(true)}>
                    <Button icon={<FileTextOutlined />} loading={ai.loading} data-testid="ai-regenerate">
                      根据代码重新生成
                    </Button>
                  </Popconfirm>
                  <AiWriteButton loading={ai.loading} onWrite={() => void writeAi(true, 'ai')} />
                </Space>
              </div>
              <AiNotice />
              <BasicInfoFields />
              <div className="form-section-title">申请表信息</div>
              {ai.loading && <AiWritingPanel elapsed={ai.elapsed} fromCode />}
              <div style={ai.loading ? { opacity: 0.45, pointerEvents: 'none' } : undefined}>
                <ApplicationFormFields disabled={ai.loading} languagesFromCode />
              </div>
            </>
          )}

          {step === 2 && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>功能模块</h2>
                  <p>模块来自代码中的菜单、页面与接口，是操作手册的章节。请删除代码里没有的功能，补上遗漏的功能。</p>
                </div>
              </div>
              <StaleModuleAlert />
              <ModulesEditor />
              <ScreenshotsPanel projectId={projectId} onSave={saveForScreenshots} saveLabel={projectId ? '保存功能模块' : '保存项目'} />
            </>
          )}

          {step === 3 && draft && (
            <>
              <div className="wizard-head">
                <div>
                  <h2>核对并生成</h2>
                  <p>确认申请表内容与检查结果，然后生成源程序、操作手册与申请表信息。</p>
                </div>
              </div>
              {(() => {
                const generate = (
                  <>
                    <div className="form-section-title" style={started ? undefined : { marginTop: 28 }}>
                      生成材料
                    </div>
                    {!upload && <Alert type="error" showIcon title="请先上传源代码" />}
                    {!started && rights.data && <RightsDeclaration check={rights.data} projectId={projectId} ensureProject={ensureProject} />}
                    <GeneratePanel
                      projectId={projectId}
                      source="code"
                      name={draft.name}
                      version={draft.version}
                            outdated={details?.materialsOutdated}
                      blocked={blocked || !upload}
                      cost={<CodeProjectCost id={projectId} uploadId={upload?.uploadId} />}
                      start={start}
                      onStarted={(id) => {
                        setStarted(true);
                        window.scrollTo({ top: 0, behavior: 'smooth' });
                        if (!projectId) {
                          setProjectId(id);
                          setParams({ id: String(id) }, { replace: true });
                        }
                      }}
                    />
                  </>
                );
                // Once a generation is under way, its progress and download come first; the form folds away.
                // (Same positions in both cases, so the panel keeps its state when `started` flips.)
                return (
                  <>
                    {!started && <FormPreview draft={draft} checks={checks} />}
                    {generate}
                    {started && (
                      <Collapse
                        style={{ marginTop: 24 }}
                        items={[{ key: 'preview', label: `申请表预览与提交前检查（${checks.filter((c) => c.ok).length} 项通过）`, children: <FormPreview draft={draft} checks={checks} /> }]}
                      />
                    )}
                  </>
                );
              })()}
            </>
          )}

          <div className="wizard-footer">
            <Button icon={<ArrowLeftOutlined />} disabled={step === 0 || ai.loading || saving} onClick={() => go(step - 1)}>
              上一步
            </Button>
            <Space>
              {projectId && step > 0 && step < 3 && (
                <Button
                  icon={<SaveOutlined />}
                  loading={saving}
                  onClick={async () => {
                    setSaving(true);
                    const ok = await saveAll().finally(() => setSaving(false));
                    if (ok) notify.success('已保存');
                  }}
                >
                  保存
                </Button>
              )}
              {step < 3 && (
                <Button type="primary" icon={<ArrowRightOutlined />} iconPlacement="end" loading={saving} disabled={ai.loading || (step === 0 && !upload)} onClick={() => void next()} data-testid="wizard-next">
                  下一步
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
