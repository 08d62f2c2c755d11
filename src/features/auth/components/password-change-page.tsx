import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { E } from '../../../domain/contract/endpoints';
import { entryPoint } from '../../../domain/access';
import { MESSAGES } from '../../../domain/messages';
import { Button } from '../../../components/ui/button';
import { CardPage } from '../../../components/ui/page';
import { TextField } from '../../../components/ui/text-field';
import { apiCall } from '../../../lib/api/client';
import { session } from '../../../lib/auth/session';
import { useSession } from '../../../lib/auth/use-session';
import { variant } from '../../../lib/variant';
import { useSubmit } from '../../../lib/use-submit';
import { AuthForm } from './auth-form';
import { NewPasswordFields } from './new-password-fields';

export function PasswordChangePage() {
  const navigate = useNavigate();
  const { profile } = useSession();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = useSubmit();
  const { busy } = submit;
  const firstLogin = profile?.is_first_login ?? false;

  return (
    <CardPage
      title={firstLogin ? 'Choose your own password' : 'Change password'}
      subtitle={firstLogin ? 'Before you start, replace the password you were given.' : undefined}
    >
      <AuthForm
        submit={submit}
        onSubmit={async () => {
          await apiCall(E.passwordChange, {
            json: { current_password: current, password, password_confirmation: confirm },
          });
          toast.success(MESSAGES.passwordChanged);
          await session.refresh();
          const subject = session.subject;
          if (subject) await navigate({ href: entryPoint(subject, variant), replace: true });
        }}
      >
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          isRequired
          value={current}
          onChange={setCurrent}
        />
        <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <Button type="submit" isDisabled={busy}>
          Change password
        </Button>
        {firstLogin && (
          <button type="button" className="text-sm text-slate-600 underline dark:text-slate-300" onClick={() => void session.logout()}>
            Sign out
          </button>
        )}
      </AuthForm>
    </CardPage>
  );
}
