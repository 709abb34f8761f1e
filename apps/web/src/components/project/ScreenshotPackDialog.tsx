import { useRef, useState, type DragEvent } from 'react';
import { Alert, Button, Checkbox, Empty, Modal, Select, Skeleton, Space, Spin, Tag } from 'antd';
import { FileZipOutlined, PictureOutlined, WarningFilled } from '@ant-design/icons';
import { PACK_LIMITS, SCREENSHOT_LIMITS, type PackShot, type ProjectPreview, type ProjectScreen, type ScreenshotPackResult } from '@mazhu/contracts';
import { assignScreenshots, uploadScreenshotPack, useObjectUrl, useScreenImage } from '@/api/preview';
import { isCancel } from '@/api/request';
import { notify } from '@/utils/notify';

const MATCHED_BY: Record<NonNullable<PackShot['matchedBy']>, string> = { manifest: '按截图包清单匹配', ocr: '按截图标题文字匹配' };

/**
 * What to send for the chosen files: one .zip as it is; several PNG/JPEG images zipped in the browser (stored, not
 * compressed) into one pack without a manifest. Resolves with the file or the problem (Chinese).
 */
export async function packFileOf(files: File[]): Promise<File | string> {
  if (!files.length) return '请选择截图包或截图';
  const zips = files.filter((f) => /\.zip$/i.test(f.name));
  if (zips.length) return files.length === 1 ? zips[0] : '请只选择一个截图包（.zip），或只选择多张截图';
  const bad = files.find((f) => f.type !== 'image/png' && f.type !== 'image/jpeg');
  if (bad) return `“${bad.name}”不是 PNG 或 JPEG 图片`;
  if (files.length > PACK_LIMITS.maxImages) return `一次最多 ${PACK_LIMITS.maxImages} 张截图`;
  const big = files.find((f) => f.size > SCREENSHOT_LIMITS.maxBytes);
  if (big) return `“${big.name}”超过 ${SCREENSHOT_LIMITS.maxBytes / 1024 / 1024} MB`;
  if (files.length === 1) return files[0];
  const { zipSync } = await import('fflate');
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const [i, f] of files.entries()) entries[`${String(i + 1).padStart(2, '0')}-${f.name.replace(/[\\/]/g, '_')}`] = [new Uint8Array(await f.arrayBuffer()), { level: 0 }];
  return new File([zipSync(entries)], 'screenshots.zip', { type: 'application/zip' });
}

function ShotThumb({ url, alt }: { url: string; alt: string }) {
  const image = useScreenImage(url);
  const src = useObjectUrl(image.data);
  return <div className="pack-thumb">{src ? <img src={src} alt={alt} /> : image.isError ? <span className="muted">{image.error.message}</span> : <Skeleton.Image active />}</div>;
}

/**
 * 上传截图包: the user picks a pack from `mazhu capture` (or several images); the server matches each screenshot to a
 * screen (manifest, then OCR of the title) and checks it; the dialog shows every assignment — screenshots are dragged
 * onto screens or chosen in a list, personal data is masked unless unticked — and saves them together.
 */
export default function ScreenshotPackDialog({
  open,
  projectId,
  screens,
  labelOf,
  onClose,
  onSaved,
}: {
  open: boolean;
  projectId: number;
  screens: ProjectScreen[];
  labelOf: (s: ProjectScreen) => string;
  onClose: () => void;
  onSaved: (p: ProjectPreview) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'save' | null>(null);
  const [pack, setPack] = useState<ScreenshotPackResult | null>(null);
  const [assign, setAssign] = useState<Map<number, number | null>>(new Map());
  const [mask, setMask] = useState<Set<number>>(new Set());
  const [over, setOver] = useState<number | null>(null);
  const targets = screens.filter((s) => s.kind !== 'architecture' && s.kind !== 'module-diagram');

  const reset = () => {
    setPack(null);
    setAssign(new Map());
    setMask(new Set());
  };

  const choose = async (list: FileList | null) => {
    const file = await packFileOf([...(list ?? [])]);
    if (input.current) input.current.value = '';
    if (typeof file === 'string') {
      notify.error(file);
      return;
    }
    setBusy('upload');
    try {
      const res = await uploadScreenshotPack(projectId, file);
      if (res?.code === 200 && res.data) {
        setPack(res.data);
        setAssign(new Map(res.data.shots.map((s) => [s.index, s.screenId])));
        setMask(new Set(res.data.shots.filter((s) => s.personal.length).map((s) => s.index)));
      }
    } catch (err) {
      if (!isCancel(err)) notify.error('上传失败，请检查网络后重试');
    } finally {
      setBusy(null);
    }
  };

  /** Puts shot `index` on `screenId` (null: not used); a shot already there goes back to the unassigned ones. */
  const put = (index: number, screenId: number | null) =>
    setAssign((old) => {
      const next = new Map(old);
      if (screenId !== null) for (const [i, s] of next) if (s === screenId) next.set(i, null);
      next.set(index, screenId);
      return next;
    });

  const save = async () => {
    if (!pack) return;
    const items = [...assign].filter((e): e is [number, number] => e[1] !== null).map(([index, screenId]) => ({ index, screenId, mask: mask.has(index) }));
    if (!items.length) {
      notify.error('请至少为一张截图选择对应的界面');
      return;
    }
    setBusy('save');
    try {
      const res = await assignScreenshots({ projectId, packId: pack.packId, items });
      if (res?.code === 200 && res.data) {
        onSaved(res.data);
        notify.success(res.msg || '截图已保存');
        reset();
        onClose();
      }
    } catch (err) {
      if (!isCancel(err)) notify.error('保存失败，请检查网络后重试');
    } finally {
      setBusy(null);
    }
  };

  const onDrop = (screenId: number) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const index = Number(e.dataTransfer.getData('text/x-shot'));
    if (Number.isInteger(index)) put(index, screenId);
  };
  const shotOn = (screenId: number) => pack?.shots.find((s) => assign.get(s.index) === screenId);
  const unassigned = pack?.shots.filter((s) => assign.get(s.index) == null) ?? [];
  const count = [...assign.values()].filter((v) => v !== null).length;

  const card = (s: PackShot) => {
    const warnings = s.checks.filter((c) => !c.ok);
    return (
      <div
        key={s.index}
        className="pack-shot"
        draggable
        onDragStart={(e) => {
          e.dataTransfer.setData('text/x-shot', String(s.index));
          e.dataTransfer.effectAllowed = 'move';
        }}
        data-testid="pack-shot"
        data-title={s.title}
      >
        <ShotThumb url={s.imageUrl} alt={s.title} />
        <div className="pack-shot-body">
          <div className="pack-shot-title" title={s.url ?? s.file}>
            {s.title}
          </div>
          {s.matchedBy ? <Tag color="green">{MATCHED_BY[s.matchedBy]}</Tag> : <Tag color="orange">请指定对应的界面</Tag>}
          <Select
            size="small"
            className="pack-shot-select"
            value={assign.get(s.index) ?? 0}
            onChange={(v: number) => put(s.index, v || null)}
            options={[{ value: 0, label: '不使用这张截图' }, ...targets.map((t) => ({ value: t.id, label: labelOf(t) }))]}
            popupMatchSelectWidth={false}
            data-testid="pack-shot-target"
          />
          {warnings.length > 0 && (
            <ul className="shot-checks">
              {warnings.map((c) => (
                <li key={c.code} className="warn">
                  <WarningFilled />
                  <span>{c.message}</span>
                </li>
              ))}
            </ul>
          )}
          {s.personal.length > 0 && (
            <Checkbox
              checked={mask.has(s.index)}
              onChange={(e) =>
                setMask((old) => {
                  const next = new Set(old);
                  if (e.target.checked) next.add(s.index);
                  else next.delete(s.index);
                  return next;
                })
              }
              data-testid="pack-shot-mask"
            >
              保存前遮盖个人信息（{s.personal.map((p) => p.label).join('、')}）
            </Checkbox>
          )}
        </div>
      </div>
    );
  };

  return (
    <Modal
      open={open}
      title="上传截图包"
      width={1080}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
      footer={
        pack ? (
          <Space>
            <Button onClick={reset}>重新选择</Button>
            <Button type="primary" loading={busy === 'save'} disabled={!count} onClick={() => void save()} data-testid="pack-save">
              保存 {count} 张截图
            </Button>
          </Space>
        ) : null
      }
    >
      <input ref={input} type="file" hidden multiple accept=".zip,application/zip,image/png,image/jpeg" onChange={(e) => void choose(e.target.files)} data-testid="pack-input" />
      {!pack ? (
        <Spin spinning={busy === 'upload'} tip="正在读取截图、识别文字并匹配功能模块…">
          <div className="pack-start">
            <p>
              选择用 <code>mazhu capture</code> 生成的截图包（.zip，含 manifest.json），或一次选择多张截图（PNG、JPEG）。系统先按截图包清单、再按截图中的页面标题把每张截图对应到功能模块，无法确定的由您拖放指定；保存前可预览全部对应关系。
            </p>
            <Space>
              <Button type="primary" icon={<FileZipOutlined />} onClick={() => input.current?.click()} data-testid="pack-choose">
                选择截图包或多张截图
              </Button>
            </Space>
            <p className="muted">
              每张截图不超过 {SCREENSHOT_LIMITS.maxBytes / 1024 / 1024} MB，一次最多 {PACK_LIMITS.maxImages} 张，截图包不超过 {PACK_LIMITS.maxBytes / 1024 / 1024} MB。
            </p>
          </div>
        </Spin>
      ) : (
        <div className="pack-board" data-testid="pack-board">
          {pack.manifestNote && <Alert type="warning" showIcon title={pack.manifestNote} />}
          {pack.rejected.length > 0 && <Alert type="warning" showIcon title={`${pack.rejected.length} 个文件未使用`} description={pack.rejected.map((r) => `${r.file}：${r.msg}`).join('；')} />}
          <div className="pack-columns">
            <div className="pack-pool">
              <div className="form-section-title">未指定的截图（拖到右侧的界面上）</div>
              {unassigned.length ? unassigned.map(card) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="全部截图都已对应到界面" />}
            </div>
            <div className="pack-targets">
              <div className="form-section-title">对应关系预览</div>
              {targets.map((t) => {
                const s = shotOn(t.id);
                return (
                  <div
                    key={t.id}
                    className={`pack-target ${over === t.id ? 'pack-target-over' : ''} ${s ? 'pack-target-filled' : ''}`}
                    onDragOver={(e) => {
                      e.preventDefault();
                      setOver(t.id);
                    }}
                    onDragLeave={() => setOver(null)}
                    onDrop={onDrop(t.id)}
                    data-testid="pack-target"
                    data-screen-id={t.id}
                  >
                    <div className="pack-target-label">
                      {labelOf(t)}
                      {!s && <span className="muted">{t.source === 'upload' ? '（保留已上传的截图）' : '（使用原型图）'}</span>}
                    </div>
                    {s ? (
                      card(s)
                    ) : (
                      <div className="pack-drop">
                        <PictureOutlined /> 把截图拖到这里
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
