import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { entryPoint } from '../../../domain/access';
import { Button } from '../../../components/ui/button';
import { CardPage } from '../../../components/ui/page';
import { TextField } from '../../../components/ui/text-field';
import { session } from '../../../lib/auth/session';
import { APP_TITLE, variant } from '../../../app/variant';
import { useSubmit } from '../use-submit';
import { AuthForm } from './auth-form';

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit();
  const { busy } = submit;

  return (
    <CardPage title={`Sign in to ${APP_TITLE}`} subtitle="Use your work e-mail address.">
      <AuthForm
        submit={submit}
        onSubmit={async () => {
          await session.login(email, password);
          const subject = session.subject;
          await navigate({ href: subject ? entryPoint(subject, variant) : '/login', replace: true });
        }}
      >
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          isRequired
          value={email}
          onChange={setEmail}
          autoFocus
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          isRequired
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" isDisabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link to="/password/forgot" className="text-center text-sm text-brand-700 underline dark:text-sky-300">
          Forgot your password?
        </Link>
      </AuthForm>
    </CardPage>
  );
}
