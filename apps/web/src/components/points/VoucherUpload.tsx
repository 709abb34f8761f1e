import { useState } from 'react';
import { Alert, Progress, Upload } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { VOUCHER_LIMITS, type TopUpOrder } from '@mazhu/contracts';
import { uploadRechargeVoucher } from '@/api/points';

const ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf';

/** Upload (or replace) the transfer voucher of an order: an image or a PDF up to 10 MB, with progress. */
export default function VoucherUpload({ order, onUploaded }: { order: TopUpOrder; onUploaded: (o: TopUpOrder) => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File) => {
    setError(null);
    if (file.size > VOUCHER_LIMITS.maxBytes) {
      setError(`文件为 ${(file.size / 1024 / 1024).toFixed(1)} MB，转账凭证不能超过 ${VOUCHER_LIMITS.maxBytes / 1024 / 1024} MB`);
      return;
    }
    setPercent(0);
    try {
      const res = await uploadRechargeVoucher(order.id, file, setPercent);
      if (res?.code === 200) onUploaded(res.data);
      else setError(res?.msg || '上传失败，请重试');
    } catch {
      setError('上传失败：网络中断或超时，请重试');
    } finally {
      setPercent(null);
    }
  };

  if (percent !== null) {
    return (
      <div data-testid="voucher-progress">
        <Progress percent={percent} status="active" />
        <div className="muted">{percent >= 100 ? '上传完成，正在检查凭证…' : '正在上传转账凭证…'}</div>
      </div>
    );
  }
  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Upload.Dragger
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
        data-testid="voucher-upload"
      >
        <p style={{ fontSize: 32, color: '#1d4ed8', margin: 0 }}>
          <CloudUploadOutlined />
        </p>
        <p style={{ margin: '4px 0' }}>{order.voucher ? '点击或拖入文件，替换转账凭证' : '点击或拖入转账凭证（截图或回单）'}</p>
        <p className="muted" style={{ margin: 0, fontSize: 13 }}>
          支持 JPG、PNG、WebP 图片或 PDF，不超过 10 MB
        </p>
      </Upload.Dragger>
      {order.voucher && (
        <div className="muted" style={{ marginTop: 8 }} data-testid="voucher-name">
          已上传：{order.voucher.fileName}
        </div>
      )}
    </>
  );
}
