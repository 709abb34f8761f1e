import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';

/**
 * A text area with a live character counter under it. The counter turns red outside `min`–`max`
 * (lengths counted like the contracts: trimmed text, one per UTF-16 unit; a Chinese character is 1).
 */
export default function CountedTextArea({
  value,
  onChange,
  min = 0,
  max,
  testId,
  ...rest
}: Omit<TextAreaProps, 'value' | 'onChange' | 'maxLength' | 'showCount'> & {
  value?: string;
  onChange?: (v: string) => void;
  min?: number;
  max: number;
  testId?: string;
}) {
  const n = (value ?? '').trim().length;
  const bad = n < min || n > max;
  const hint = n < min ? `还差 ${min - n} 字` : n > max ? `超出 ${n - max} 字` : '字数符合要求';
  return (
    <div className="counted-textarea">
      <Input.TextArea value={value} onChange={(e) => onChange?.(e.target.value)} status={bad && n > 0 ? 'error' : undefined} {...rest} />
      <div className={`char-counter${bad ? ' char-counter-bad' : ''}`} data-testid={testId} aria-live="polite">
        <span>
          <strong>{n}</strong> / {min > 0 ? `${min}–${max}` : max} 字
        </span>
        {min > 0 && <span className="char-counter-hint">{hint}</span>}
      </div>
    </div>
  );
}
