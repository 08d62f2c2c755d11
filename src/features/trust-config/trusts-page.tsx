import { Link } from '@tanstack/react-router';
import { Page } from '../../components/ui/page';
import { useSession } from '../../lib/auth/use-session';

/** /trusts (TrustList): the list of trusts is not built yet; the way to one's own trust's configuration is. */
export function TrustsPage() {
  const { subject } = useSession();
  return (
    <Page title="Trusts">
      <div className="flex max-w-2xl flex-col gap-4">
        {subject && (
          <Link
            to="/trust/config/$id"
            params={{ id: String(subject.siteTrustId) }}
            className="rounded-xl bg-white p-4 font-medium text-brand-700 underline-offset-2 shadow-sm ring-1 ring-slate-200 hover:underline dark:bg-slate-900 dark:text-emerald-300 dark:ring-slate-800"
          >
            Your trust’s configuration (letters out)
          </Link>
        )}
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          The list of trusts is not available yet.
        </p>
      </div>
    </Page>
  );
}
