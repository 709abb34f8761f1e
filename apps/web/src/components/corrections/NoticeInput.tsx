import { useEffect, useState } from 'react';
import { Alert, Input, Segmented, Tag, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { ApiCode, NOTICE_TEXT_MAX, type ParsedNotice } from '@mazhu/contracts';
import { MAX_NOTICE_BYTES, parseCorrectionNotice, uploadCorrectionNotice } from '@/api/corrections';
import { notify } from '@/utils/notify';

export type NoticeSource = 'text' | 'pdf' | 'image';

/**
 * The notice as text: pasted, or read from an uploaded PDF (text layer) or photo/scan (OCR on the server), always
 * shown in an editable box so OCR slips can be corrected; below it, the items the server recognises (a preview,
 * nothing is stored).
 */
export default function NoticeInput({
  value,
  onChange,
  compact = false,
  testId = 'notice-text',
}: {
  value: { text: string; source: NoticeSource };
  onChange: (v: { text: string; source: NoticeSource; dates?: string[]; serialNo?: string }) => void;
  compact?: boolean;
  testId?: string;
}) {
  const [mode, setMode] = useState<'paste' | 'file'>('paste');
  const [reading, setReading] = useState(false);
  const [parsed, setParsed] = useState<ParsedNotice | null>(null);

  useEffect(() => {
    const text = value.text.trim();
    if (text.length < 4) {
      setParsed(null);
      return;
    }
    const t = setTimeout(async () => {
      const res = await parseCorrectionNotice(text).catch(() => null);
      if (res?.code === ApiCode.Ok) setParsed(res.data);
    }, 400);
    return () => clearTimeout(t);
  }, [value.text]);

  return (
    <div className="notice-input">
      {!compact && (
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'paste' | 'file')}
          options={[
            { value: 'paste', label: '粘贴文字' },
            { value: 'file', label: '上传 PDF 或照片' },
          ]}
          style={{ marginBottom: 12 }}
        />
      )}
      {mode === 'file' && (
        <Upload.Dragger
          accept=".pdf,.png,.jpg,.jpeg,.webp"
          showUploadList={false}
          disabled={reading}
          beforeUpload={async (file) => {
            if (file.size > MAX_NOTICE_BYTES) {
              notify.error('文件过大，请上传 15 MB 以内的 PDF 或照片');
              return Upload.LIST_IGNORE;
            }
            setReading(true);
            try {
              const res = await uploadCorrectionNotice(file);
              if (res?.code === ApiCode.Ok) {
                onChange({ text: res.data.text, source: res.data.source });
                notify.success(res.data.source === 'image' ? '已识别照片中的文字，请逐字核对' : '已读取 PDF 中的文字，请核对');
                setMode('paste');
              }
            } finally {
              setReading(false);
            }
            return Upload.LIST_IGNORE;
          }}
          style={{ marginBottom: 12 }}
          data-testid="notice-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{reading ? '正在读取通知书…（照片识别约需几秒）' : '点击或拖入补正通知书 PDF、照片或扫描件'}</p>
          <p className="ant-upload-hint">PDF 读取文字层；照片和扫描件在服务器上离线识别中文，识别后请核对文字</p>
        </Upload.Dragger>
      )}
      <Input.TextArea
        value={value.text}
        onChange={(e) => onChange({ text: e.target.value, source: value.source === 'text' || !value.text ? 'text' : value.source })}
        placeholder={'把补正通知书的文字粘贴到这里，例如：\n1、申请表中软件全称请以软件、系统、或平台结尾。\n2、提交的源程序不足60页……'}
        autoSize={{ minRows: compact ? 3 : 6, maxRows: 14 }}
        maxLength={NOTICE_TEXT_MAX}
        data-testid={testId}
      />
      {parsed && (
        <div className="notice-preview" data-testid="notice-preview">
          <div className="notice-preview-head">
            识别出 {parsed.items.length} 项：已识别 <strong>{parsed.recognised}</strong> 项
            {parsed.unrecognised > 0 && <>，未识别 {parsed.unrecognised} 项（保留原文，由您处理）</>}
          </div>
          <ol>
            {parsed.items.map((i) => (
              <li key={i.no}>
                <span className="notice-preview-text">{i.text}</span>
                {i.recognised ? (
                  i.fixes.map((f) => (
                    <Tag key={f.reason} color="blue">
                      {f.title}
                    </Tag>
                  ))
                ) : (
                  <Tag>未识别</Tag>
                )}
              </li>
            ))}
          </ol>
          {value.source === 'image' && <Alert type="info" showIcon title="文字来自照片识别，可能有个别错字，请对照原件修改后再创建。" />}
        </div>
      )}
    </div>
  );
}
