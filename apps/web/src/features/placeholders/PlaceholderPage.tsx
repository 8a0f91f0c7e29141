import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';

export interface PlaceholderPageProps {
  /** The screen's title as the spec words it. */
  title: string;
  /** What will be here, and which piece of work brings it. */
  children: ReactNode;
}

/** A screen whose feature has not been built yet: its title, and an honest line about it. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader title={title} />
      <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-sm text-slate-600">
        {children}
      </p>
    </section>
  );
}
