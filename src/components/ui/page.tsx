import type { ReactNode } from 'react';

export function Page({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-6xl p-4 sm:p-6" aria-labelledby="page-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A page whose features arrive in a later release: its title and a plain statement, nothing fake. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300">
        This part of Wardnote is not available yet.
      </p>
    </Page>
  );
}

/** Centered card for sign-in, PIN, password and status pages. */
export function CardPage({ title, children, subtitle }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <section
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800"
        aria-labelledby="page-title"
      >
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </section>
    </main>
  );
}
