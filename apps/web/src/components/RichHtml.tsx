import { useEffect, useState } from 'react';

type Sanitize = (html: string) => string;
let sanitizer: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

/** Loads DOMPurify on first use (pages without rich text ship none of it). */
function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    sanitizer = (html) => DOMPurify.sanitize(html, { ADD_ATTR: ['target', 'rel'] });
    return sanitizer;
  });
  return loading;
}

/**
 * Server-authored HTML (notices, FAQ answers, agreements), sanitised by DOMPurify before it reaches the DOM.
 * Nothing is rendered until the sanitiser has loaded: unsanitised HTML never reaches the page.
 */
export default function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const [clean, setClean] = useState(() => (sanitizer ? sanitizer(html ?? '') : undefined));
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((s) => live && setClean(s(html ?? '')));
    return () => {
      live = false;
    };
  }, [html]);
  return (
    <div
      className={`rich-html ${className}`}
      aria-busy={clean === undefined}
      dangerouslySetInnerHTML={{ __html: clean ?? '' }}
    />
  );
}
