import { useState } from 'react';
import { toast } from 'sonner';
import { Pencil, Plus } from 'lucide-react';
import { RULES, satisfies } from '../../domain/access';
import { SR_LABELS, type Site } from '../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pager } from '../../components/ui/pager';
import { useSites, useUpdateSite } from './api';
import { CARD, EMPTY, HINT, StatusBadge } from './controls';
import { SiteDialog } from './site-dialog';

const words = (err: unknown) => (err instanceof HttpError ? err.message : MESSAGES.serverError);

function facts(s: Site): string[] {
  return [
    s.mfa ? `PIN on${s.pin_lifetime_minutes ? `, lasts ${s.pin_lifetime_minutes} min` : ''}` : 'PIN off',
    s.sr_integration ? (SR_LABELS[s.sr_integration as keyof typeof SR_LABELS] ?? s.sr_integration) : 'No speech recognition',
    s.support_link || s.support_email
      ? `Support: ${[s.support_link, s.support_email].filter(Boolean).join(', ')}`
      : 'Support: the service desk',
    s.users === 1 ? '1 user' : `${s.users} users`,
  ];
}

/**
 * The trust configuration's Sites section (issue 25): the trust's sites with their address, second factor,
 * speech recognition and support contact; a trust's administrators add, edit and deactivate them (a site
 * with users is deactivated, never deleted); a SiteAdmin sees and edits only their own site.
 */
export function SitesSection({ trustId }: { trustId: number }) {
  const { subject, profile } = useSession();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const list = useSites(trustId, { page, paginate: perPage });
  const update = useUpdateSite();
  const [editing, setEditing] = useState<Site | 'new' | null>(null);
  const [confirming, setConfirming] = useState<Site | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const trustAdmin = subject !== null && satisfies(subject, RULES.trusts);
  const mySite = profile?.site_id;
  const rows = list.data?.data.data ?? [];

  function setActive(s: Site, active: boolean) {
    setRefusal(null);
    update.mutate(
      { id: s.id, patch: { active } },
      {
        onSuccess: (answer) => toast.success(answer.message ?? `${s.name} is ${active ? 'active again' : 'deactivated'}.`),
        onError: (err) => setRefusal(words(err)),
      },
    );
  }

  return (
    <section aria-labelledby="sites-title" className={`${CARD} flex flex-col gap-3`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sites-title" className="text-lg font-semibold">
          {trustAdmin ? 'Sites' : 'Your site'}
        </h2>
        {trustAdmin && (
          <Button onPress={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" /> Add site
          </Button>
        )}
      </div>
      {refusal && <Alert>{refusal}</Alert>}
      {list.isError && <Alert>{words(list.error)}</Alert>}
      {list.isPending && <p className={HINT}>Loading…</p>}
      {list.data && rows.length === 0 && <p className={EMPTY}>{PAGE_MESSAGES.sitesEmpty}</p>}
      {rows.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Sites">
          {rows.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {s.name} <StatusBadge active={s.active} />
                  </p>
                  <p className={HINT}>{s.address ?? 'No address yet'}</p>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{facts(s).join(' · ')}</p>
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button tone="secondary" className="!min-h-10 !px-3" onPress={() => setEditing(s)}>
                    <Pencil aria-hidden className="size-4" /> Edit<span className="sr-only"> {s.name}</span>
                  </Button>
                  {trustAdmin &&
                    s.id !== mySite &&
                    (s.active ? (
                      <Button tone="ghost" className="!min-h-10 !px-3" onPress={() => setConfirming(s)}>
                        Deactivate<span className="sr-only"> {s.name}</span>
                      </Button>
                    ) : (
                      <Button tone="ghost" className="!min-h-10 !px-3" onPress={() => setActive(s, true)}>
                        Reactivate<span className="sr-only"> {s.name}</span>
                      </Button>
                    ))}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.data.total > perPage && (
        <Pager
          page={list.data.data.current_page}
          lastPage={list.data.data.last_page}
          total={list.data.data.total}
          perPage={perPage}
          onPage={setPage}
          onPerPage={(n) => {
            setPerPage(n);
            setPage(1);
          }}
        />
      )}
      {editing && <SiteDialog trustId={trustId} editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `Deactivate ${confirming.name}?` : ''}
        body="Its users and their work are kept; the site can be reactivated here."
        confirmLabel="Deactivate"
        destructive
        onCancel={() => {
          setConfirming(null);
          toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
        }}
        onConfirm={() => {
          const s = confirming!;
          setConfirming(null);
          setActive(s, false);
        }}
      />
    </section>
  );
}
