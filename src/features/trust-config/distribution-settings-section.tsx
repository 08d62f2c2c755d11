import { Alert } from '../../components/ui/alert';
import { HttpError } from '../../lib/api/errors';
import { DistributionSettingsForm } from './distribution-settings-form';
import { useDistributionSettings } from './distribution-settings-api';
import { MeshStatus } from './mesh-status';

/** Letters out on the trust's configuration page (TrustAdmin, SuperAdmin): how approved letters leave the trust. */
export function DistributionSettingsSection({ trustId }: { trustId: number }) {
  const q = useDistributionSettings(trustId);
  return (
    <section
      aria-labelledby="distribution-title"
      className="max-w-2xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="distribution-title" className="text-lg font-semibold">
        Letters out
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        How approved letters reach their recipients{q.data ? ` at ${q.data.trust.name}` : ''}.
      </p>
      <div className="mt-3 flex flex-col gap-4">
        {q.error ? (
          <Alert>{q.error instanceof HttpError ? q.error.message : 'Error fetching your request'}</Alert>
        ) : q.data ? (
          <>
            <MeshStatus mesh={q.data.mesh} />
            <DistributionSettingsForm key={q.data.trust.id} saved={q.data} />
          </>
        ) : (
          <p className="text-sm">Loading…</p>
        )}
      </div>
    </section>
  );
}
