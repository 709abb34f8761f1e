import { Skeleton } from 'antd';
import { useObjectUrl, useScreenImage } from '@/api/preview';
import type { WorkScreen } from '../usePreviewWorkspace';

/** A screen's picture: a local render, or the project's stored image read with the session headers. */
export default function ScreenImage({ screen, alt, className }: { screen: WorkScreen; alt: string; className?: string }) {
  const remote = 'remote' in screen.image ? screen.image.remote : undefined;
  const blob = useScreenImage(remote);
  const objectUrl = useObjectUrl(blob.data);
  const src = 'local' in screen.image ? screen.image.local : objectUrl;
  if (!src) {
    return blob.isError ? (
      <div className={`pv-img-missing ${className ?? ''}`}>{blob.error.message}</div>
    ) : (
      <Skeleton.Image active className={className} style={{ width: '100%', height: '100%' }} />
    );
  }
  return <img src={src} alt={alt} className={className} style={{ aspectRatio: `${screen.width} / ${screen.height}` }} draggable={false} />;
}
