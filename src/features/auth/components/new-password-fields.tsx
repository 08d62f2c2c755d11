import { MESSAGES } from '../../../domain/messages';
import { TextField } from '../../../components/ui/text-field';

interface Props {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  autoFocus?: boolean;
}

/** A new password and its repetition, with the password rule shown (change and reset pages). */
export function NewPasswordFields({ password, confirm, onPassword, onConfirm, autoFocus }: Props) {
  return (
    <>
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        description={MESSAGES.passwordRule}
        isRequired
        value={password}
        onChange={onPassword}
        autoFocus={autoFocus}
      />
      <TextField
        label="Repeat the new password"
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        isRequired
        value={confirm}
        onChange={onConfirm}
      />
    </>
  );
}
