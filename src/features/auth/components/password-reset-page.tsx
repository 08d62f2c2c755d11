import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { E } from '../../../domain/contract/endpoints';
import { MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardPage } from '../../../components/ui/page';
import { apiCall } from '../../../lib/api/client';
import { useSubmit } from '../../../lib/use-submit';
import { AuthForm } from './auth-form';
import { NewPasswordFields } from './new-password-fields';

export function PasswordResetPage({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  const { busy } = submit;

  if (done) {
    return (
      <CardPage title="Password reset">
        <Alert tone="success">{MESSAGES.resetDone}</Alert>
        <Link to="/login" className="mt-4 block text-center text-sm text-brand-700 underline dark:text-sky-300">
          Go to sign in
        </Link>
      </CardPage>
    );
  }
  return (
    <CardPage title="Choose a new password">
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
          Save new password
        </Button>
      </AuthForm>
    </CardPage>
  );
}
