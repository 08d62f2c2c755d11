import { useEffect, useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import { RULES, satisfies } from '../../domain/access';
import type { JobType } from '../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Page } from '../../components/ui/page';
import { useDeleteJobType, useDepartmentChoices, useJobType } from './api';
import { JobTypeForm } from './job-type-form';
import { departmentParam } from './links';
import { HINT } from './styles';

const words = (err: unknown) => (err instanceof HttpError ? err.message : MESSAGES.errorFetching);

/** Where to go after a job type is saved or left: its list when the user may see it, else back. */
function useLeave(trustId: number | undefined) {
  const { subject } = useSession();
  const navigate = useNavigate();
  const router = useRouter();
  const mayList = subject !== null && satisfies(subject, RULES.jobTypesList);
  return () => {
    if (mayList && trustId !== undefined) void navigate({ to: '/job-types/list/$id', params: { id: String(trustId) } });
    else router.history.back();
  };
}

/** /job-types/create/:id (issue 25): a new job type of trust `trustId`. */
export function JobTypeCreatePage({ trustId }: { trustId: number }) {
  const { subject } = useSession();
  const navigate = useNavigate();
  const departments = useDepartmentChoices(trustId, { activeOnly: true });
  const leave = useLeave(trustId);
  const [round, setRound] = useState(0);
  const mayEdit = subject !== null && satisfies(subject, RULES.jobTypesEdit);

  function saved(made: JobType) {
    if (mayEdit) {
      void navigate({
        to: '/job-types/update/$department/$jobtype',
        params: { department: departmentParam(made), jobtype: String(made.id) },
      });
    } else setRound((n) => n + 1); // A fresh form for the next one.
  }

  return (
    <Page title="New job type">
      {departments.isError && <Alert>{words(departments.error)}</Alert>}
      {departments.isPending && <p className={HINT}>Loading…</p>}
      {departments.data && (
        <JobTypeForm key={round} trustId={trustId} loaded={null} departments={departments.data} onSaved={saved} onCancel={leave} />
      )}
    </Page>
  );
}

/** /job-types/update/:department/:jobtype (issue 25): change, deactivate or delete one job type. */
export function JobTypeUpdatePage({ department, jobTypeId }: { department: string; jobTypeId: number }) {
  const navigate = useNavigate();
  const q = useJobType(jobTypeId);
  const jobType = q.data;
  const departments = useDepartmentChoices(jobType?.trust_id, { activeOnly: true });
  const leave = useLeave(jobType?.trust_id);
  const remove = useDeleteJobType();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  // The address names the job type's department: an old one (it moved) is replaced by the right one.
  useEffect(() => {
    if (jobType && departmentParam(jobType) !== department) {
      void navigate({
        to: '/job-types/update/$department/$jobtype',
        params: { department: departmentParam(jobType), jobtype: String(jobType.id) },
        replace: true,
      });
    }
  }, [jobType, department, navigate]);

  function confirmed() {
    setAsking(false);
    setRefusal(null);
    remove.mutate(jobTypeId, {
      onSuccess: (message) => {
        toast.success(message);
        leave();
      },
      onError: (err) => setRefusal(words(err)),
    });
  }

  return (
    <Page title={jobType ? `Edit ${jobType.name}` : 'Edit job type'}>
      {q.isError && (
        <Alert>{q.error instanceof HttpError && q.error.status === 404 ? PAGE_MESSAGES.structureNotFound : words(q.error)}</Alert>
      )}
      {departments.isError && <Alert>{words(departments.error)}</Alert>}
      {(q.isPending || (jobType && departments.isPending)) && <p className={HINT}>Loading…</p>}
      {refusal && (
        <div className="mb-4">
          <Alert>{refusal}</Alert>
        </div>
      )}
      {jobType && departments.data && (
        <JobTypeForm
          key={jobType.id}
          trustId={jobType.trust_id}
          loaded={jobType}
          departments={departments.data}
          onSaved={() => setRefusal(null)}
          onCancel={leave}
          extraActions={
            <Button tone="danger" className="sm:ml-auto" isDisabled={remove.isPending} onPress={() => setAsking(true)}>
              <Trash2 aria-hidden className="size-4" /> Delete job type
            </Button>
          }
        />
      )}
      <ConfirmDialog
        open={asking}
        title={jobType ? PAGE_MESSAGES.jobTypeDeleteConfirm(jobType.name) : ''}
        body={PAGE_MESSAGES.jobTypeDeleteBody}
        confirmLabel="Delete"
        destructive
        onCancel={() => {
          setAsking(false);
          toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
        }}
        onConfirm={confirmed}
      />
    </Page>
  );
}
