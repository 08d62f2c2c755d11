import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { Page } from '../../components/ui/page';
import { useCreateUser } from './api';
import { HINT } from './controls';
import { useFormChoices, words } from './form-choices';
import { UserForm } from './user-form';

/** /users/create/:id (issue 25): invite a new user of trust `trustId` (they choose their password from the e-mail's link). */
export function UserCreatePage({ trustId }: { trustId: number }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const choices = useFormChoices(trustId);

  return (
    <Page title="Invite a user">
      <p className={`mb-4 max-w-3xl ${HINT}`}>{PAGE_MESSAGES.userInviteIntro}</p>
      {choices.error && <Alert>{words(choices.error)}</Alert>}
      {choices.loading && <p className={HINT}>Loading…</p>}
      {choices.ready && (
        <UserForm
          loaded={null}
          sites={choices.sites}
          lockedSite={choices.lockedSite}
          grants={choices.grants}
          jobTypes={choices.jobTypes}
          pools={choices.pools}
          onSave={async ({ whole }) => {
            const made = await create.mutateAsync(whole);
            toast.success(PAGE_MESSAGES.userInvited(made.email));
            return made;
          }}
          onSaved={(made) => void navigate({ to: '/users/update/$id', params: { id: String(made.id) } })}
          onCancel={() => void navigate({ to: '/users' })}
        />
      )}
    </Page>
  );
}
