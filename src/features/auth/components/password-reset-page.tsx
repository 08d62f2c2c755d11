import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { E } from '../../../domain/contract/endpoints';
import { MESSAGES, PAGE_MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardPage } from '../../../components/ui/page';
import { apiCall } from '../../../lib/api/client';
import { useSubmit } from '../../../lib/use-submit';
import { AuthForm } from './auth-form';
import { NewPasswordFields } from './new-password-fields';

/**
 * A reset link's page: a new password. `invite`: the link of an invitation (issue 25), whose new user
 * chooses their first password: the page welcomes them instead of speaking of a reset.
 */
export function PasswordResetPage({ token, invite = false }: { token: string; invite?: boolean }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  const { busy } = submit;

  if (done) {
    return (
      <CardPage title={invite ? PAGE_MESSAGES.inviteWelcome : 'Password reset'}>
        <Alert tone="success">{invite ? PAGE_MESSAGES.inviteDone : MESSAGES.resetDone}</Alert>
        <Link to="/login" className="mt-4 block text-center text-sm text-brand-700 underline dark:text-sky-300">
          Go to sign in
        </Link>
      </CardPage>
    );
  }
  return (
    <CardPage
      title={invite ? PAGE_MESSAGES.inviteWelcome : 'Choose a new password'}
      subtitle={invite ? PAGE_MESSAGES.inviteChoosePassword : undefined}
    >
      <AuthForm
        submit={submit}
        onSubmit={async () => {
          await apiCall(E.passwordReset, {
            json: { token, password, password_confirmation: confirm },
          });
          setDone(true);
        }}
      >
        <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} autoFocus />
        <Button type="submit" isDisabled={busy}>
          {invite ? 'Set password' : 'Save new password'}
        </Button>
      </AuthForm>
    </CardPage>
  );
}
