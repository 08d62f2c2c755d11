import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { UserDetail } from '../../domain/contract';
import { formatDate } from '../../domain/display-format';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Page } from '../../components/ui/page';
import { useUpdateUser, useUser, useUserAction, type UserAction } from './api';
import { CARD, HINT, LINK, StateBadges } from './controls';
import { DeactivateDialog } from './deactivate-dialog';
import { useFormChoices, words } from './form-choices';
import { UserForm } from './user-form';
import { mayManage } from '../../domain/user-grants';
import { useSession } from '../../lib/auth/use-session';

type Asking = UserAction | 'reactivate' | 'deactivate';

function confirmation(what: Exclude<Asking, 'deactivate'>, u: UserDetail): { title: string; body: string; label: string } {
  switch (what) {
    case 'invite':
      return {
        title: PAGE_MESSAGES.userInviteConfirm(u.full_name),
        body: PAGE_MESSAGES.userInviteConfirmBody(u.email),
        label: 'Send invitation',
      };
    case 'unlock':
      return { title: PAGE_MESSAGES.userUnlockConfirm(u.full_name), body: PAGE_MESSAGES.userUnlockConfirmBody, label: 'Unlock' };
    case 'resetPin':
      return { title: PAGE_MESSAGES.userResetPinConfirm(u.full_name), body: PAGE_MESSAGES.userResetPinConfirmBody, label: 'Reset PIN' };
    case 'signOutEverywhere':
      return {
        title: PAGE_MESSAGES.userSignOutConfirm(u.full_name),
        body: PAGE_MESSAGES.userSignOutConfirmBody,
        label: 'Sign out everywhere',
      };
    case 'reactivate':
      return {
        title: PAGE_MESSAGES.userReactivateConfirm(u.full_name),
        body: PAGE_MESSAGES.userReactivateConfirmBody,
        label: 'Reactivate',
      };
  }
}

/** /users/update/:id (issue 25): change a user, and the account's actions, each asked first. */
export function UserUpdatePage({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const { subject } = useSession();
  const q = useUser(userId);
  const user = q.data;
  const choices = useFormChoices(user?.trust.id);
  const update = useUpdateUser();
  const action = useUserAction();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A new form when the account's state changes under it (reactivated), not on every save.
  const [round, setRound] = useState(0);

  function run(what: Exclude<Asking, 'deactivate'>) {
    setAsking(null);
    setRefusal(null);
    if (what === 'reactivate') {
      update.mutate(
        { id: userId, patch: { active: true } },
        {
          onSuccess: (saved) => {
            toast.success(PAGE_MESSAGES.userReactivated(saved.full_name));
            setRound((n) => n + 1);
          },
          onError: (err) => setRefusal(words(err)),
        },
      );
      return;
    }
    action.mutate(
      { id: userId, action: what },
      { onSuccess: (answer) => toast.success(answer.message), onError: (err) => setRefusal(words(err)) },
    );
  }

  const busy = action.isPending || update.isPending;
  // An account holding a role the administrator cannot give is not theirs to change (the server refuses too).
  const manageable = !user || mayManage({ roles: subject?.roles ?? [] }, user.roles);
  const asked = user && asking && asking !== 'deactivate' ? confirmation(asking, user) : null;

  return (
    <Page title={user ? user.full_name : 'Edit user'}>
      {q.isError && <Alert>{q.error instanceof HttpError && q.error.status === 404 ? PAGE_MESSAGES.userNotFound : words(q.error)}</Alert>}
      {choices.error && <Alert>{words(choices.error)}</Alert>}
      {(q.isPending || (user && choices.loading)) && <p className={HINT}>Loading…</p>}
      {user && (
        <section aria-labelledby="account-title" className={`${CARD} mb-4 max-w-3xl`}>
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="account-title" className="text-lg font-semibold">
              Account
            </h2>
            <StateBadges active={user.active} locked={user.locked} invitation={user.invitation} />
          </div>
          <p className={`mt-1 ${HINT}`}>
            {user.invitation
              ? `Invited${user.invited_at ? ` on ${formatDate(user.invited_at)}` : ''}: they have not chosen a password yet.`
              : user.active
                ? `Active since ${formatDate(user.created_at)}. ${user.pin_set ? 'A PIN is set.' : 'No PIN set yet.'}`
                : 'Deactivated: they cannot sign in.'}
          </p>
          {refusal && (
            <div className="mt-3">
              <Alert>{refusal}</Alert>
            </div>
          )}
          {!manageable && (
            <div className="mt-3">
              <Alert tone="info">{PAGE_MESSAGES.userOutranksYou}</Alert>
            </div>
          )}
          {manageable && (
            <div className="mt-3 flex flex-wrap gap-2">
              {user.active && user.invitation && (
                <Button tone="secondary" isDisabled={busy} onPress={() => setAsking('invite')}>
                  Resend invitation
                </Button>
              )}
              {user.active && user.locked && (
                <Button tone="secondary" isDisabled={busy} onPress={() => setAsking('unlock')}>
                  Unlock
                </Button>
              )}
              {user.active && !user.invitation && (
                <Button tone="secondary" isDisabled={busy} onPress={() => setAsking('resetPin')}>
                  Reset PIN
                </Button>
              )}
              {user.active && !user.invitation && (
                <Button tone="secondary" isDisabled={busy} onPress={() => setAsking('signOutEverywhere')}>
                  Sign out everywhere
                </Button>
              )}
              {user.active ? (
                <Button tone="danger" isDisabled={busy} onPress={() => setAsking('deactivate')}>
                  Deactivate
                </Button>
              ) : (
                <Button isDisabled={busy} onPress={() => setAsking('reactivate')}>
                  Reactivate
                </Button>
              )}
            </div>
          )}
        </section>
      )}
      {user && choices.ready && (
        <UserForm
          key={`${user.id}-${round}`}
          loaded={user}
          readOnly={!manageable}
          sites={choices.sites}
          lockedSite={choices.lockedSite}
          grants={choices.grants}
          jobTypes={choices.jobTypes}
          pools={choices.pools}
          onSave={async ({ patch }) => {
            const saved = await update.mutateAsync({ id: user.id, patch });
            toast.success(PAGE_MESSAGES.userSaved(saved.full_name));
            return saved;
          }}
          onCancel={() => void navigate({ to: '/users' })}
          extraSections={
            <section aria-labelledby="cover-title" className={`${CARD} flex flex-col gap-2`}>
              <h2 id="cover-title" className="text-lg font-semibold">
                Secretarial cover
              </h2>
              <p className="text-sm">
                <span className="font-medium">May approve for: </span>
                {user.approves_for.length ? user.approves_for.map((p) => p.full_name).join(', ') : PAGE_MESSAGES.userCoverNone}
              </p>
              <p className="text-sm">
                <span className="font-medium">Approved for by: </span>
                {user.approved_by.length ? user.approved_by.map((p) => p.full_name).join(', ') : PAGE_MESSAGES.userCoverNone}
              </p>
              <p className={HINT}>
                {PAGE_MESSAGES.userCoverIntro}{' '}
                <Link to="/trust/config/$id" params={{ id: String(user.trust.id) }} hash="delegations-title" className={LINK}>
                  Change the delegations
                </Link>
              </p>
            </section>
          }
        />
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked?.title ?? ''}
        body={asked?.body}
        confirmLabel={asked?.label ?? ''}
        onCancel={() => {
          setAsking(null);
          toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
        }}
        onConfirm={() => asking && asking !== 'deactivate' && run(asking)}
      />
      {user && asking === 'deactivate' && <DeactivateDialog user={user} onClose={() => setAsking(null)} onRefused={setRefusal} />}
    </Page>
  );
}
