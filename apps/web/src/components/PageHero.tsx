import type { ReactNode } from 'react';

export default function PageHero({ title, children, extra }: { title: string; children?: ReactNode; extra?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="container">
        <h1>{title}</h1>
        {children && <p>{children}</p>}
        {extra && <div style={{ marginTop: 24 }}>{extra}</div>}
      </div>
    </section>
  );
}
