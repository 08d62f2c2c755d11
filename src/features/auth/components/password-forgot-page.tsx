import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { E } from '../../../domain/contract/endpoints';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardPage } from '../../../components/ui/page';
import { TextField } from '../../../components/ui/text-field';
import { apiCall } from '../../../lib/api/client';
import { useSubmit } from '../../../lib/use-submit';
import { AuthForm } from './auth-form';

export function PasswordForgotPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const submit = useSubmit();
  const { busy } = submit;

  return (
    <CardPage title="Reset your password" subtitle="We will e-mail you a link to choose a new password.">
      <AuthForm
        submit={submit}
        onSubmit={async () => {
          const res = await apiCall(E.passwordForgot, { json: { email } });
          setSent(res.message);
        }}
      >
        {sent && <Alert tone="success">{sent}</Alert>}
        <TextField
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          isRequired
          value={email}
          onChange={setEmail}
          autoFocus
        />
        <Button type="submit" isDisabled={busy}>
          Send reset link
        </Button>
        <Link to="/login" className="text-center text-sm text-brand-700 underline dark:text-sky-300">
          Back to sign in
        </Link>
      </AuthForm>
    </CardPage>
  );
}
