import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Modal, Space, Spin, Tag } from 'antd';
import { DownloadOutlined, FileZipOutlined, SaveOutlined, SwapOutlined } from '@ant-design/icons';
import { PLATFORMS } from '@mazhu/contracts';
import PageHero from '@/components/PageHero';
import { useUserStore } from '@/stores/user';
import { notify } from '@/utils/notify';
import LookBar from './components/LookBar';
import ScreenEditor from './components/ScreenEditor';
import ScreenImage from './components/ScreenImage';
import SourcePicker from './components/SourcePicker';
import { downloadScreen, downloadScreensZip } from './download';
import { usePreviewWorkspace, type TryInput, type WorkScreen } from './usePreviewWorkspace';
import './preview.css';

const KIND_LABELS: Record<string, string> = {
  login: '登录',
  main: '主界面',
  list: '列表',
  form: '表单',
  detail: '详情',
  chart: '统计',
  settings: '设置',
  architecture: '架构图',
  'module-diagram': '结构图',
};

/**
 * 高保真界面预览 (/preview-software, no sign-in needed to try): describe a software or pick a prototype case — or,
 * signed in, open one of one's projects (`?project=<id>` opens it directly) — and see its login screen, main screen
 * and one screen per module, drawn on the server exactly as the manual prints them. Theme, primary colour and
 * platform apply to every screen; the side panel edits the selected screen's title, fields, columns, sample rows,
 * buttons, statistic cards and chart data; screens download as PNG or a zip; a project's screens are saved back to it.
 */
export default function PreviewSoftwarePage() {
  const [modal, modalHolder] = Modal.useModal();
  const signedIn = useUserStore((s) => s.user.id > 0);
  const [params, setParams] = useSearchParams();
  const { ws, busy, openTry, openProject, setLook, editScreen, save, fileOf, close } = usePreviewWorkspace();
  const [selected, setSelected] = useState<string>();
  const [downloading, setDownloading] = useState<'one' | 'all' | null>(null);
  const opened = useRef(false);

  // ?project=<id> (from a wizard's module step) opens that project once.
  const projectParam = Number(params.get('project')) || undefined;
  useEffect(() => {
    if (!projectParam || !signedIn || opened.current) return;
    opened.current = true;
    void openProject(projectParam);
  }, [projectParam, signedIn, openProject]);

  const screens = ws?.screens ?? [];
  const current = screens.find((s) => s.key === selected) ?? screens[0];
  const index = current ? screens.indexOf(current) : -1;

  const onTry = async (input: TryInput) => {
    if (await openTry(input, { theme: ws?.theme ?? 'classic', color: ws?.color ?? '' })) {
      setSelected(undefined);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };
  const onProject = async (id: number) => {
    if (await openProject(id)) {
      setSelected(undefined);
      setParams({ project: String(id) }, { replace: true });
    }
  };

  const leave = () => {
    const go = () => {
      close();
      setParams({}, { replace: true });
    };
    if (ws?.dirty) {
      modal.confirm({ title: '放弃未保存的修改？', content: '主题、主色和界面元素的修改还没有保存到项目。', okText: '放弃修改', cancelText: '继续编辑', okButtonProps: { danger: true }, onOk: go });
    } else go();
  };

  const downloadOne = async (s: WorkScreen, i: number) => {
    setDownloading('one');
    try {
      downloadScreen(i, await fileOf(s));
    } catch (err) {
      notify.error(err instanceof Error ? err.message : '下载失败，请稍后重试');
    } finally {
      setDownloading(null);
    }
  };
  const downloadAll = async () => {
    if (!ws) return;
    setDownloading('all');
    try {
      await downloadScreensZip(ws.app.name, ws.app.version, await Promise.all(ws.screens.map(fileOf)));
    } catch (err) {
      notify.error(err instanceof Error ? err.message : '下载失败，请稍后重试');
    } finally {
      setDownloading(null);
    }
  };

  const rendering = busy === 'rendering' || screens.some((s) => s.rendering);

  return (
    <>
      {modalHolder}
      <PageHero title="高保真界面预览">
        按软件的功能模块生成登录界面、主界面和每个模块的界面原型，界面中的软件名称与版本号与申请表一致；可切换主题与主色、编辑界面元素、下载 PNG，或保存到项目供操作手册使用。
      </PageHero>
      <div className={`container pv-container page-body ${ws ? 'pv-wide' : ''}`}>
        {!ws ? (
          <div className="pv-start">
            <div className="card">
              {busy === 'opening' && projectParam ? (
                <div className="pv-opening">
                  <Spin />
                  <span>正在打开项目界面…</span>
                </div>
              ) : (
                <SourcePicker signedIn={signedIn} busy={busy === 'opening'} onTry={(i) => void onTry(i)} onProject={(id) => void onProject(id)} />
              )}
            </div>
            <aside className="card pv-notes">
              <h3>界面原型与真实截图</h3>
              <ul>
                <li>每个界面都在标题栏或标志处显示软件全称与版本号，与申请表一致。</li>
                <li>界面数据为按模块生成的示例数据，不含真实个人信息、第三方商标或网址。</li>
                <li>原型图是设计示意。软件已经开发完成时，请在项目的“功能模块”步骤上传真实软件截图替换原型图后再提交。</li>
                <li>保存到项目后，操作手册按“登录界面 → 主界面 → 各功能模块”的顺序使用这些界面作为插图。</li>
              </ul>
            </aside>
          </div>
        ) : (
          <>
            <div className="card pv-head" data-testid="pv-head">
              <div className="pv-title">
                <h2>
                  {ws.app.name} <span className="pv-version">{ws.app.version}</span>
                </h2>
                <Space size={6} wrap>
                  <Tag color={ws.mode === 'project' ? 'blue' : 'default'}>{ws.mode === 'project' ? '我的项目' : '试用预览'}</Tag>
                  {ws.hasUi && <Tag>{PLATFORMS[ws.app.platform].label}</Tag>}
                  <span className="muted">共 {screens.length} 张界面</span>
                  {ws.dirty && (
                    <Tag color="orange" data-testid="pv-dirty">
                      有未保存的修改
                    </Tag>
                  )}
                </Space>
              </div>
              <Space wrap>
                <Button icon={<SwapOutlined />} onClick={leave}>
                  更换软件
                </Button>
                <Button icon={<DownloadOutlined />} loading={downloading === 'one'} disabled={!current || rendering} onClick={() => current && void downloadOne(current, index)} data-testid="pv-download-one">
                  下载当前界面
                </Button>
                <Button icon={<FileZipOutlined />} loading={downloading === 'all'} disabled={rendering} onClick={() => void downloadAll()} data-testid="pv-download-zip">
                  下载全部（ZIP）
                </Button>
                {ws.mode === 'project' && (
                  <Button type="primary" icon={<SaveOutlined />} loading={busy === 'saving'} disabled={!ws.dirty || rendering} onClick={() => void save()} data-testid="pv-save">
                    保存到项目
                  </Button>
                )}
              </Space>
            </div>

            <LookBar theme={ws.theme} color={ws.color} platform={ws.app.platform} hasUi={ws.hasUi} disabled={busy !== null} onChange={(look) => void setLook(look)} />

            {ws.mode === 'try' ? (
              <Alert
                className="pv-alert"
                type="info"
                showIcon
                title={signedIn ? '试用预览不会保存。要让操作手册使用界面，请在“我的项目”中打开项目，调整后保存。' : '试用预览不会保存。登录后可以打开自己的项目，把调整好的界面保存到项目中。'}
              />
            ) : !ws.hasUi ? (
              <Alert className="pv-alert" type="info" showIcon title="该软件没有用户界面：操作手册使用软件总体架构图和功能模块结构图作为插图。" />
            ) : (
              <Alert
                className="pv-alert"
                type="warning"
                showIcon
                title={
                  <>
                    原型图是按功能模块生成的设计示意。软件已经开发完成时，请在项目的“功能模块”步骤上传真实软件截图替换原型图后再提交。
                    {ws.projectId && <Link to={`${ws.projectSource === 'code' ? '/code-to-doc-generator' : '/auto-generate'}?id=${ws.projectId}`}> 去上传截图</Link>}
                  </>
                }
              />
            )}

            <div className="pv-work">
              <nav className="pv-thumbs" aria-label="界面列表">
                {screens.map((s, i) => (
                  <button type="button" key={s.key} className={`pv-thumb ${s === current ? 'active' : ''}`} onClick={() => setSelected(s.key)} data-testid="pv-thumb">
                    <div className="pv-thumb-img">
                      <ScreenImage screen={s} alt={s.spec.title} />
                      {s.rendering && <Spin size="small" className="pv-thumb-spin" />}
                    </div>
                    <div className="pv-thumb-text">
                      <span className="pv-fig">图{i + 1}</span>
                      <span className="pv-thumb-title">{s.spec.title}</span>
                    </div>
                    <div className="pv-thumb-tags">
                      <span className="pv-kind">{KIND_LABELS[s.kind] ?? s.kind}</span>
                      {s.source === 'upload' && <span className="pv-upload-tag">真实截图</span>}
                      {s.edited && <span className="pv-edited-tag">已修改</span>}
                    </div>
                  </button>
                ))}
              </nav>

              {current && (
                <section className="pv-stage" aria-label="界面预览">
                  <div className={`pv-stage-frame pv-frame-${ws.app.platform}`}>
                    <ScreenImage screen={current} alt={`图${index + 1} ${current.spec.title}`} className="pv-stage-img" />
                    {current.rendering && (
                      <div className="pv-stage-busy">
                        <Spin />
                      </div>
                    )}
                  </div>
                  <div className="pv-caption" data-testid="pv-caption">
                    图{index + 1} {current.spec.title}
                    <span className="muted">
                      {' '}
                      · {current.width}×{current.height} 像素{current.source === 'upload' ? ' · 您上传的截图' : ''}
                    </span>
                  </div>
                  {current.checks?.some((c) => !c.ok) && (
                    <Alert type="warning" showIcon className="pv-alert" title="需注意" description={current.checks.filter((c) => !c.ok).map((c) => <div key={c.code}>{c.message}</div>)} />
                  )}
                </section>
              )}

              {current && (
                <aside className="pv-side" aria-label="编辑界面">
                  <h3>编辑界面元素</h3>
                  {current.source === 'upload' ? (
                    <p className="muted">这张是您上传的真实截图，手册按原样使用。要改回原型图，请在项目的“功能模块”步骤中移除该截图。</p>
                  ) : (
                    <ScreenEditor key={current.key} spec={current.spec} onChange={(spec) => editScreen(current.key, spec)} disabled={busy === 'saving'} />
                  )}
                </aside>
              )}
            </div>
          </>
        )}
      </div>
    </>
  );
}
