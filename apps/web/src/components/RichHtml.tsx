import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/** Server-authored HTML (notices, FAQ answers, agreements), sanitised before it reaches the DOM. */
export default function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html ?? '', { ADD_ATTR: ['target', 'rel'] }), [html]);
  return <div className={`rich-html ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
