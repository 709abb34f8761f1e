import { useRef, useState } from 'react';
import { Alert, Button, Progress, Spin, Upload } from 'antd';
import { CloudUploadOutlined, FileZipOutlined, SwapOutlined } from '@ant-design/icons';
import type { CodeUpload } from '@mazhu/contracts';
import { isCancel } from '@/api/request';
import { MAX_UPLOAD_BYTES, uploadCodeProject, type UploadProgress } from '@/api/projects';
import { formatSize } from './GeneratePanel';
import './project.css';

const ACCEPT = ['.zip', '.tar.gz', '.tgz'];
const acceptable = (name: string) => ACCEPT.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * Upload of the code archive (zip / tar.gz, multipart field `file`) with a size check before sending,
 * byte progress, the analysis wait, and cancel.
 */
export default function CodeUploader({
  value,
  onUploaded,
  disabled = false,
}: {
  value?: CodeUpload | null;
  onUploaded: (upload: CodeUpload, file: File) => void;
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [replacing, setReplacing] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null;

  const send = async (file: File) => {
    setError(null);
    if (!acceptable(file.name)) {
      setError('请上传 .zip 或 .tar.gz 格式的源代码压缩包');
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(`压缩包为 ${formatSize(file.size)}，超过 ${formatSize(MAX_UPLOAD_BYTES)} 的上限。请只打包源代码，去掉 node_modules、dist、build、图片和视频等文件后再上传。`);
      return;
    }
    if (file.size === 0) {
      setError('压缩包是空文件');
      return;
    }
    setFileName(file.name);
    setProgress({ loaded: 0, total: file.size, percent: 0 });
    abort.current = new AbortController();
    try {
      const res = await uploadCodeProject(file, setProgress, abort.current.signal);
      if (res === null) setError('上传失败：服务暂时不可用，请稍后重试');
      else if (res.code !== 200) setError(res.msg || `上传失败（${res.code}）`);
      else {
        setReplacing(false);
        onUploaded(res.data, file);
      }
    } catch (err) {
      if (!isCancel(err)) setError('上传失败：网络中断或超时，请重试');
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  if (busy) {
    const analysing = progress.percent >= 100;
    return (
      <div className="upload-progress" data-testid="upload-progress">
        <div className="upload-progress-name">
          <FileZipOutlined /> {fileName}
        </div>
        <Progress percent={progress.percent} status={analysing ? 'success' : 'active'} />
        <div className="upload-progress-meta">
          {analysing ? (
            <span>
              <Spin size="small" /> 上传完成，正在解压并分析代码（识别语言、统计行数、挑选文件）…
            </span>
          ) : (
            <span>
              已上传 {formatSize(progress.loaded)} / {formatSize(progress.total)}
            </span>
          )}
          <Button size="small" onClick={() => abort.current?.abort()}>
            取消
          </Button>
        </div>
      </div>
    );
  }

  if (value && !replacing) {
    return (
      <div className="upload-done">
        <FileZipOutlined className="upload-done-icon" />
        <div style={{ flex: 1 }}>
          <div className="upload-done-name" data-testid="upload-name">
            {value.fileName}
          </div>
          <div className="muted">
            {formatSize(value.size)} · 已分析 {value.analysis.files} 个源文件
          </div>
        </div>
        {!disabled && (
          <Button icon={<SwapOutlined />} onClick={() => setReplacing(true)}>
            重新上传
          </Button>
        )}
      </div>
    );
  }

  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="upload-error" />}
      <Upload.Dragger
        accept=".zip,.tar.gz,.tgz,application/zip,application/gzip"
        multiple={false}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          void send(file);
          return Upload.LIST_IGNORE;
        }}
        className="code-dragger"
      >
        <p className="ant-upload-drag-icon">
          <CloudUploadOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽源代码压缩包到这里上传</p>
        <p className="ant-upload-hint">
          支持 .zip、.tar.gz，不超过 {formatSize(MAX_UPLOAD_BYTES)}。请打包完整的项目源代码；node_modules、dist、build、压缩文件和第三方库会被自动排除。
        </p>
      </Upload.Dragger>
      {value && replacing && (
        <Button type="link" onClick={() => setReplacing(false)} style={{ marginTop: 8, paddingLeft: 0 }}>
          保留已上传的 {value.fileName}
        </Button>
      )}
    </>
  );
}
