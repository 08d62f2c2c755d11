import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { E } from '../../../domain/contract/endpoints';
import { entryPoint } from '../../../domain/access';
import { Button } from '../../../components/ui/button';
import { CardPage } from '../../../components/ui/page';
import { TextField } from '../../../components/ui/text-field';
import { apiCall, errorAction } from '../../../lib/api/client';
import { HttpError } from '../../../lib/api/errors';
import { session } from '../../../lib/auth/session';
import { useSession } from '../../../lib/auth/use-session';
import { variant } from '../../../lib/variant';
import { useSubmit } from '../../../lib/use-submit';
import { AuthForm } from './auth-form';

/** The second factor: enter the PIN, or set one (first time, or after it expired). */
export function PinPage({ renew }: { renew: boolean }) {
  const navigate = useNavigate();
  const { profile } = useSession();
  const [mode, setMode] = useState<'enter' | 'set'>(profile?.pin.is_set && !renew ? 'enter' : 'set');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [current, setCurrent] = useState('');
  const submit = useSubmit();
  const { busy } = submit;
  const needsCurrent = mode === 'set' && !!profile?.pin.is_set;

  async function finish() {
    await session.refresh();
    const subject = session.subject;
    if (subject) await navigate({ href: entryPoint(subject, variant), replace: true });
  }

  return (
    <CardPage
      title={mode === 'enter' ? 'Enter your PIN' : 'Set a new PIN'}
      subtitle={
        mode === 'enter'
          ? 'Your site asks for a PIN as a second step.'
          : 'Choose 4 to 8 digits you will remember. Do not use your date of birth.'
      }
    >
      <AuthForm
        submit={submit}
        onSubmit={async () => {
          try {
            if (mode === 'enter') {
              await apiCall(E.pinVerify, { json: { pin }, call: 'pin' });
            } else {
              const json = { pin, pin_confirmation: confirm, ...(needsCurrent ? { current_pin: current } : {}) };
              await apiCall(E.pinSet, { json, call: 'pin' });
            }
          } catch (err) {
            if (err instanceof HttpError && errorAction(err).kind === 'pinExpired') {
              setMode('set');
              setPin('');
            }
            throw err;
          }
          await finish();
        }}
      >
        {needsCurrent && (
          <TextField
            label="Current PIN"
            name="current_pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            isRequired
            value={current}
            onChange={setCurrent}
          />
        )}
        <TextField
          label={mode === 'enter' ? 'PIN' : 'New PIN'}
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          isRequired
          value={pin}
          onChange={setPin}
          autoFocus
        />
        {mode === 'set' && (
          <TextField
            label="Repeat the new PIN"
            name="pin_confirmation"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            isRequired
            value={confirm}
            onChange={setConfirm}
          />
        )}
        <Button type="submit" isDisabled={busy}>
          {mode === 'enter' ? 'Continue' : 'Save PIN'}
        </Button>
        <div className="flex justify-between text-sm">
          {profile?.pin.is_set && (
            <button
              type="button"
              className="text-brand-700 underline dark:text-sky-300"
              onClick={() => setMode(mode === 'enter' ? 'set' : 'enter')}
            >
              {mode === 'enter' ? 'Change PIN' : 'Enter my PIN instead'}
            </button>
          )}
          <button type="button" className="ml-auto text-slate-600 underline dark:text-slate-300" onClick={() => void session.logout()}>
            Sign out
          </button>
        </div>
      </AuthForm>
    </CardPage>
  );
}
