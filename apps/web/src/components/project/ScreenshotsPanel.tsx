import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Form, Image, Popconfirm, Skeleton, Space, Tag, Upload } from 'antd';
import { CameraOutlined, CheckCircleFilled, EyeOutlined, FileZipOutlined, SaveOutlined, SafetyOutlined, UndoOutlined, UploadOutlined, WarningFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { SCREENSHOT_LIMITS, type ProjectPreview, type ProjectScreen } from '@mazhu/contracts';
import { delScreenshot, maskScreenshot, previewKeys, uploadScreenshot, useObjectUrl, useProjectPreview, useScreenImage } from '@/api/preview';
import { projectKeys, useProjectDetails } from '@/api/projects';
import { isCancel } from '@/api/request';
import { notify } from '@/utils/notify';
import { toModuleInputs, type ModuleValues, type ProjectFormValues } from './form-values';
import { screenshotProblem } from './screenshot-file';
import './project.css';

export { screenshotProblem };
const ScreenshotPackDialog = lazy(() => import('./ScreenshotPackDialog'));
const ScreenCaptureDialog = lazy(() => import('./ScreenCaptureDialog'));

const L = SCREENSHOT_LIMITS;
const MB = L.maxBytes / 1024 / 1024;

/** One figure of the manual: its picture, whether it is the user's screenshot, the checks, upload / remove. */
function ScreenSlot({ label, screen, diagram, onChanged }: { label: string; screen: ProjectScreen; diagram: boolean; onChanged: (s: ProjectScreen) => void }) {
  const image = useScreenImage(screen.imageUrl);
  const url = useObjectUrl(image.data);
  const [busy, setBusy] = useState<'upload' | 'remove' | 'mask' | null>(null);
  const uploaded = screen.source === 'upload';
  const personal = uploaded && screen.checks.some((c) => c.code === 'privacy' && !c.ok);
  const shown = uploaded ? screen.checks : screen.checks.filter((c) => !c.ok);

  const send = async (file: File) => {
    const problem = await screenshotProblem(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    setBusy('upload');
    try {
      const res = await uploadScreenshot(screen.id, file);
      if (res?.code === 200 && res.data) {
        onChanged(res.data);
        const warn = res.data.checks.find((c) => !c.ok);
        if (warn) notify.warning(`截图已上传，但需注意：${warn.message}`, 6);
        else notify.success(res.msg || '截图已上传，已替换原型图');
      }
    } catch (err) {
      if (!isCancel(err)) notify.error('上传失败，请检查网络后重试');
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      const res = await delScreenshot(screen.id);
      if (res?.code === 200 && res.data) {
        onChanged(res.data);
        notify.success(res.msg || '已恢复为原型图');
      }
    } catch (err) {
      if (!isCancel(err)) notify.error('操作失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  };

  const mask = async () => {
    setBusy('mask');
    try {
      const res = await maskScreenshot(screen.id);
      if (res?.code === 200 && res.data) {
        onChanged(res.data);
        notify.success(res.msg || '已遮盖截图中的个人信息');
      }
    } catch (err) {
      if (!isCancel(err)) notify.error('操作失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={`shot-slot ${uploaded ? 'shot-slot-upload' : ''}`} data-testid="shot-slot" data-screen-key={screen.key} data-source={screen.source}>
      <div className="shot-thumb">
        {url ? <Image src={url} alt={label} preview={{ mask: <EyeOutlined /> }} /> : image.isError ? <span className="muted">{image.error.message}</span> : <Skeleton.Image active />}
      </div>
      <div className="shot-body">
        <div className="shot-title">
          <span className="shot-label" title={label}>
            {label}
          </span>
          {uploaded ? <Tag color="green">{diagram ? '您的图片' : '真实截图'}</Tag> : <Tag>{diagram ? '自动绘制' : '原型图'}</Tag>}
        </div>
        {shown.length > 0 && (
          <ul className="shot-checks" data-testid="shot-checks">
            {shown.map((c) => (
              <li key={c.code} className={c.ok ? 'ok' : 'warn'}>
                {c.ok ? <CheckCircleFilled /> : <WarningFilled />}
                <span>{c.message}</span>
              </li>
            ))}
          </ul>
        )}
        <Space size={8} wrap>
          <Upload
            accept="image/png,image/jpeg"
            showUploadList={false}
            disabled={busy !== null}
            beforeUpload={(file) => {
              void send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button size="small" icon={<UploadOutlined />} loading={busy === 'upload'} data-testid="shot-upload">
              {diagram ? (uploaded ? '更换图片' : '上传图片') : uploaded ? '更换截图' : '上传截图'}
            </Button>
          </Upload>
          {personal && (
            <Popconfirm title="遮盖个人信息？" description="在截图上识别到的手机号、身份证号、邮箱处画上深色方块，替换原图。" okText="遮盖" cancelText="取消" onConfirm={() => void mask()}>
              <Button size="small" icon={<SafetyOutlined />} loading={busy === 'mask'} disabled={busy !== null && busy !== 'mask'} data-testid="shot-mask">
                遮盖个人信息
              </Button>
            </Popconfirm>
          )}
          {uploaded && (
            <Popconfirm title={diagram ? '移除这张图片？' : '移除这张截图？'} description={diagram ? '该图将改回自动绘制的版本。' : '该界面将改回使用原型图。'} okText="移除" cancelText="取消" onConfirm={() => void remove()}>
              <Button size="small" icon={<UndoOutlined />} loading={busy === 'remove'} disabled={busy === 'upload'} data-testid="shot-remove">
                {diagram ? '移除图片' : '移除截图'}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </div>
    </div>
  );
}

const sameModules = (a: ReturnType<typeof toModuleInputs>, b: { name: string; description: string; operations: string[] }[]) =>
  JSON.stringify(a.map((m) => [m.name, m.description ?? '', m.operations ?? []])) === JSON.stringify(b.map((m) => [m.name, m.description, m.operations]));

/**
 * The figures of a saved project (login, main, one per module; or the two diagrams) with their checks, one upload
 * per figure, and for screens the two ways to fill many at once: 上传截图包 (a pack from `mazhu capture`, or several
 * images, matched to the modules) and 截取屏幕 (capture a shared window screen by screen). Used by the wizards'
 * module step and the project list.
 */
export function ScreenshotsBoard({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const details = useProjectDetails(projectId);
  const preview = useProjectPreview(projectId);
  const [dialog, setDialog] = useState<'pack' | 'capture' | null>(null);

  const onChanged = (s: ProjectScreen) => {
    queryClient.setQueryData<ProjectPreview>(previewKeys.project(projectId), (old) => (old ? { ...old, screens: old.screens.map((x) => (x.id === s.id ? s : x)) } : old));
  };

  const moduleName = new Map((details.data?.modules ?? []).map((m) => [m.id, m.name]));
  const screens = preview.data?.screens ?? [];
  const labelOf = (s: ProjectScreen) => {
    const fig = `图${screens.findIndex((x) => x.id === s.id) + 1}`;
    if (s.key === 'login') return `${fig} 登录界面`;
    if (s.key === 'main') return `${fig} 主界面`;
    if (s.key === 'module') return `${fig} ${moduleName.get(s.moduleId ?? 0) ?? s.title}`;
    return `${fig} ${s.title}`;
  };
  const uploads = screens.filter((s) => s.source === 'upload').length;

  if (preview.isLoading || details.isLoading)
    return (
      <div className="shots-loading">
        <Skeleton.Image active />
        <span className="muted">正在生成界面原型…</span>
      </div>
    );
  if (preview.isError) return <Alert type="error" showIcon title="界面加载失败" action={<a onClick={() => void preview.refetch()}>重试</a>} />;
  if (!preview.data) return null;
  const hasUi = preview.data.hasUi;
  return (
    <>
      {!hasUi && <Alert type="info" showIcon title="该软件没有用户界面：操作手册使用软件总体架构图和功能模块结构图作为插图，也可上传您自己绘制的图替换。" style={{ marginBottom: 12 }} />}
      <div className="shots-summary">
        <span>
          共 {screens.length} 张插图，已上传 <strong data-testid="shots-uploaded">{uploads}</strong> 张真实截图
          {screens.length - uploads > 0 ? `，${screens.length - uploads} 张使用原型图` : ''}
        </span>
        <Space size={12} wrap>
          {hasUi && (
            <>
              <Button size="small" icon={<FileZipOutlined />} onClick={() => setDialog('pack')} data-testid="shots-pack">
                上传截图包
              </Button>
              <Button size="small" icon={<CameraOutlined />} onClick={() => setDialog('capture')} data-testid="shots-capture">
                截取屏幕
              </Button>
            </>
          )}
          <Link to={`/preview-software?project=${projectId}`} target="_blank" rel="noopener">
            在界面预览中调整原型图的主题与内容
          </Link>
        </Space>
      </div>
      <div className="shots-grid">
        {screens.map((s) => (
          <ScreenSlot key={s.id} label={labelOf(s)} screen={s} diagram={!hasUi} onChanged={onChanged} />
        ))}
      </div>
      <Suspense fallback={null}>
        {dialog === 'pack' && (
          <ScreenshotPackDialog
            open
            projectId={projectId}
            screens={screens}
            labelOf={labelOf}
            onClose={() => setDialog(null)}
            onSaved={(p) => queryClient.setQueryData<ProjectPreview>(previewKeys.project(projectId), p)}
          />
        )}
        {dialog === 'capture' && <ScreenCaptureDialog open screens={screens} labelOf={labelOf} onClose={() => setDialog(null)} onChanged={onChanged} />}
      </Suspense>
    </>
  );
}

/**
 * 界面截图 in the wizards' module step: the figures of the operation manual — login screen, main screen, then one
 * per functional module (or, for software without a user interface, the two diagrams). Each shows the prototype until
 * the user uploads a screenshot of the real software (one by one, a screenshot pack, or captured from a shared
 * window); the server's checks (name and version equal to the form, complete frame, not blank, no watermark, no
 * personal data) are shown beside it. The list follows the saved modules: unsaved module changes (or a code project
 * not saved yet) are saved first with `onSave`.
 */
export default function ScreenshotsPanel({ projectId, onSave, saveLabel = '保存功能模块' }: { projectId?: number; onSave: () => Promise<boolean>; saveLabel?: string }) {
  const queryClient = useQueryClient();
  const form = Form.useFormInstance<ProjectFormValues>();
  const formModules = Form.useWatch('modules', { form, preserve: true }) as ModuleValues[] | undefined;
  const details = useProjectDetails(projectId);
  const [saving, setSaving] = useState(false);

  const saved = details.data?.modules ?? [];
  const dirty = !projectId || (details.data ? !sameModules(toModuleInputs(formModules), saved) : false);

  const saveNow = async () => {
    setSaving(true);
    try {
      if (!(await onSave())) return;
      // The wizard may have just created the project: its id arrives with the next render.
      if (projectId) {
        await queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
        await queryClient.invalidateQueries({ queryKey: previewKeys.project(projectId) });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="shots" data-testid="screenshots-panel">
      <div className="form-section-title">界面截图</div>
      <p className="muted shots-intro">
        操作手册按“登录界面 → 主界面 → 各功能模块”的顺序为每个界面配图。软件已经开发完成时，请为每个界面上传真实软件截图（PNG 或 JPEG，不超过 {MB} MB，宽高 {L.minWidth}–{L.maxWidth} 像素），截图须是完整界面，并在标题栏或标志处显示与申请表一致的软件名称和版本号；可用“上传截图包”一次上传 <code>mazhu capture</code> 截取的全部页面或多张截图，或用“截取屏幕”逐个截取桌面软件的界面；未上传的界面使用按模块生成的原型图。
      </p>
      {dirty ? (
        <Alert
          type="info"
          showIcon
          title={projectId ? '功能模块有未保存的修改，保存后界面列表随之更新。' : '保存项目后即可为每个界面上传截图（不会开始生成，也不扣费）。'}
          action={
            <Button size="small" type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void saveNow()} data-testid="shots-save">
              {saveLabel}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {projectId ? <ScreenshotsBoard projectId={projectId} /> : null}
    </section>
  );
}
