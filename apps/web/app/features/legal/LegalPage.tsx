import type { ReactNode } from 'react';

/** The legal pages all carry the same effective date (content-and-shell.md section 9). */
export const legalEffectiveDate = { iso: '2025-01-08', label: 'Jan 8, 2025' };

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="page page--prose">
      <h1>{title}</h1>
      <p className="page__dated">
        Last updated: <time dateTime={legalEffectiveDate.iso}>{legalEffectiveDate.label}</time>
      </p>
      {children}
    </article>
  );
}
