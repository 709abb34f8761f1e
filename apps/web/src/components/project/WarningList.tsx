import type { CSSProperties } from 'react';
import { Alert } from 'antd';

/** A warning with a short list under its title (provenance findings, stale module mentions…). */
export default function WarningList({ title, items, testId, style }: { title: string; items: string[]; testId?: string; style?: CSSProperties }) {
  return (
    <Alert
      type="warning"
      showIcon
      style={style}
      data-testid={testId}
      title={title}
      description={
        <ul className="check-evidence">
          {items.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      }
    />
  );
}
