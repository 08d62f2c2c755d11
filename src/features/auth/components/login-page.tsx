import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { entryPoint } from '../../../domain/access';
import { Alert } from '../../../components/ui/alert';
import { CardPage } from '../../../components/ui/page';
import { session } from '../../../lib/auth/session';
import { APP_TITLE, variant } from '../../../lib/variant';
import { useSubmit } from '../../../lib/use-submit';
import { SignInButton, SignInField } from './sign-in-controls';
import { adoptPrerenderedSignIn } from '../prerendered-sign-in';

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit();
  const { busy } = submit;
  const form = useRef<HTMLFormElement>(null);
  // What was typed into the server's pre-rendered form before the app ran is kept (prerendered-sign-in.ts),
  // and the focus with it; else the e-mail field takes it (not autoFocus: that could take it from the
  // password field the user was typing in).
  useLayoutEffect(() => {
    adoptPrerenderedSignIn(form.current!, { email: setEmail, password: setPassword });
    const active = document.activeElement;
    if (!active || active === document.body) (form.current!.elements.namedItem('email') as HTMLInputElement | null)?.focus();
  }, []);

  return (
    <CardPage title={`Sign in to ${APP_TITLE}`} subtitle="Use your work e-mail address.">
      <form
        ref={form}
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit.run(async () => {
            await session.login(email, password);
            const subject = session.subject;
            await navigate({ href: subject ? entryPoint(subject, variant) : '/login', replace: true });
          });
        }}
      >
        {submit.error && <Alert>{submit.error}</Alert>}
        <SignInField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={setEmail}
          errors={submit.fields.email}
        />
        <SignInField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          errors={submit.fields.password}
        />
        <SignInButton busy={busy}>{busy ? 'Signing in…' : 'Sign in'}</SignInButton>
        <Link to="/password/forgot" className="text-center text-sm text-brand-700 underline dark:text-sky-300">
          Forgot your password?
        </Link>
      </form>
    </CardPage>
  );
}
