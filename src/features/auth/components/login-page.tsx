import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useNavigate } from '@tanstack/react-router';
import { entryPoint } from '../../../domain/access';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardPage } from '../../../components/ui/page';
import { TextField } from '../../../components/ui/text-field';
import { session } from '../../../lib/auth/session';
import { APP_TITLE, variant } from '../../../app/variant';
import { useSubmit } from '../use-submit';

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, fields, run } = useSubmit();

  return (
    <CardPage title={`Sign in to ${APP_TITLE}`} subtitle="Use your work e-mail address.">
      <Form
        className="flex flex-col gap-4"
        validationErrors={fields}
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await session.login(email, password);
            const subject = session.subject;
            await navigate({ href: subject ? entryPoint(subject, variant) : '/login', replace: true });
          });
        }}
      >
        {error && <Alert>{error}</Alert>}
        <TextField label="E-mail" name="email" type="email" autoComplete="username" inputMode="email" isRequired value={email} onChange={setEmail} autoFocus />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" isRequired value={password} onChange={setPassword} />
        <Button type="submit" isDisabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link to="/password/forgot" className="text-center text-sm text-brand-700 underline dark:text-sky-300">
          Forgot your password?
        </Link>
      </Form>
    </CardPage>
  );
}
