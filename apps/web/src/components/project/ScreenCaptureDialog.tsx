import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Tag } from 'antd';
import { CameraOutlined, DesktopOutlined } from '@ant-design/icons';
import type { ProjectScreen } from '@mazhu/contracts';
import { uploadScreenshot } from '@/api/preview';
import { isCancel } from '@/api/request';
import { notify } from '@/utils/notify';
import { screenshotProblem } from './screenshot-file';

/**
 * Whether this browser can capture a window here: Chrome or Edge (Chromium) with the Screen Capture API
 * (navigator.mediaDevices.getDisplayMedia, which needs a secure context: https or localhost).
 */
export function screenCaptureSupport(nav: Navigator = navigator): { ok: true } | { ok: false; message: string } {
  const brands = (nav as Navigator & { userAgentData?: { brands?: { brand: string }[] } }).userAgentData?.brands?.map((b) => b.brand) ?? [];
  const chromium = brands.some((b) => /Chromium|Google Chrome|Microsoft Edge/.test(b)) || /\b(Chrome|Edg)\//.test(nav.userAgent);
  if (!chromium) return { ok: false, message: '截取屏幕需要使用电脑上的 Chrome 或 Edge 浏览器（最新版）。当前浏览器请改用“上传截图”或“上传截图包”。' };
  if (!nav.mediaDevices?.getDisplayMedia) return { ok: false, message: '当前页面无法使用截取屏幕（需要通过 https 访问，且浏览器允许屏幕共享）。请改用“上传截图”或“上传截图包”。' };
  return { ok: true };
}

/**
 * 截取屏幕: for software that is not a web page (a desktop program, an emulator, a mini-program developer tool). The
 * user shares the program's window once (getDisplayMedia), then brings up each screen in the program and presses
 * 截取: the current frame is uploaded as that slot's screenshot (checked like any upload) and the next slot is chosen.
 */
export default function ScreenCaptureDialog({
  open,
  screens,
  labelOf,
  onClose,
  onChanged,
}: {
  open: boolean;
  screens: ProjectScreen[];
  labelOf: (s: ProjectScreen) => string;
  onClose: () => void;
  onChanged: (s: ProjectScreen) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [current, setCurrent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const support = screenCaptureSupport();
  const slots = screens.filter((s) => s.kind !== 'architecture' && s.kind !== 'module-diagram');
  const slot = slots.find((s) => s.id === current) ?? slots.find((s) => s.source === 'prototype') ?? slots[0];

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  // Sharing ends when the dialog closes.
  useEffect(() => {
    if (!open && stream) {
      for (const t of stream.getTracks()) t.stop();
      setStream(null);
    }
  }, [open, stream]);

  const share = async () => {
    try {
      const s = await navigator.mediaDevices.getDisplayMedia({ video: { displaySurface: 'window' } as MediaTrackConstraints, audio: false });
      s.getVideoTracks()[0]?.addEventListener('ended', () => setStream(null));
      setStream(s);
    } catch (err) {
      if ((err as DOMException)?.name !== 'NotAllowedError') notify.error('无法开始屏幕共享，请重试');
    }
  };

  const shoot = async () => {
    const v = video.current;
    if (!v || !slot || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
    if (!blob) return;
    const file = new File([blob], `${labelOf(slot)}.png`, { type: 'image/png' });
    const problem = await screenshotProblem(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    setBusy(true);
    try {
      const res = await uploadScreenshot(slot.id, file);
      if (res?.code === 200 && res.data) {
        onChanged(res.data);
        const warn = res.data.checks.find((c) => !c.ok);
        if (warn) notify.warning(`已截取「${labelOf(slot)}」，但需注意：${warn.message}`, 6);
        else notify.success(`已截取「${labelOf(slot)}」`);
        const i = slots.findIndex((s) => s.id === slot.id);
        setCurrent(slots[i + 1]?.id ?? slot.id);
      }
    } catch (err) {
      if (!isCancel(err)) notify.error('上传失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="截取屏幕" width={980} onCancel={onClose} footer={null} destroyOnHidden>
      {!support.ok ? (
        <Alert type="warning" showIcon title={support.message} data-testid="capture-unsupported" />
      ) : (
        <div className="capture-board">
          <p className="muted">
            适用于桌面程序、模拟器、小程序开发者工具等不是网页的软件：先共享软件所在的窗口，再在软件中依次打开每个界面，点“截取”把当前画面保存为所选界面的截图。截图须显示与申请表一致的软件名称和版本号。
          </p>
          <div className="capture-columns">
            <div className="capture-stage">
              {stream ? <video ref={video} autoPlay muted playsInline className="capture-video" /> : <div className="capture-empty">尚未共享窗口</div>}
              <Space style={{ marginTop: 8 }}>
                <Button icon={<DesktopOutlined />} onClick={() => void share()} data-testid="capture-share">
                  {stream ? '更换共享的窗口' : '选择要共享的窗口'}
                </Button>
                <Button type="primary" icon={<CameraOutlined />} disabled={!stream || !slot} loading={busy} onClick={() => void shoot()} data-testid="capture-shoot">
                  {slot ? `截取到「${labelOf(slot)}」` : '截取'}
                </Button>
              </Space>
            </div>
            <ul className="capture-slots">
              {slots.map((s) => (
                <li key={s.id} className={s.id === slot?.id ? 'active' : ''} onClick={() => setCurrent(s.id)}>
                  <span>{labelOf(s)}</span>
                  {s.source === 'upload' ? <Tag color="green">已截取</Tag> : <Tag>原型图</Tag>}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </Modal>
  );
}
