import type { ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert';
import type { useSubmit } from '../../../lib/use-submit';

interface Props {
  submit: ReturnType<typeof useSubmit>;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}

/** A sign-in area form: runs the action, shows its error above the fields and per-field errors beside them. */
export function AuthForm({ submit, onSubmit, children }: Props) {
  return (
    <Form
      className="flex flex-col gap-4"
      validationErrors={submit.fields}
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run(onSubmit);
      }}
    >
      {submit.error && <Alert>{submit.error}</Alert>}
      {children}
    </Form>
  );
}
