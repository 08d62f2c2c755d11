import { z } from 'zod';
import { MESSAGES } from '../messages';

const email = z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254);

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password.').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  /** Whether this sign-in needs the PIN second factor. */
  mfa: z.boolean(),
  /** Whether the user has a PIN set (never the PIN). */
  pin: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const pinSchema = z.string().regex(/^\d{4,8}$/, MESSAGES.pinFormat);

export const pinVerifyRequestSchema = z.object({ pin: pinSchema });
export const pinSetRequestSchema = z
  .object({ pin: pinSchema, pin_confirmation: z.string(), current_pin: pinSchema.optional() })
  .refine((v) => v.pin === v.pin_confirmation, { message: MESSAGES.pinMismatch, path: ['pin_confirmation'] });

/** Wardnote's password rule (the spec names none): 10+ characters with a letter and a digit. */
export const newPasswordSchema = z
  .string()
  .max(200)
  .refine((p) => p.length >= 10 && /[A-Za-z]/.test(p) && /\d/.test(p), MESSAGES.passwordRule);

export const passwordChangeRequestSchema = z
  .object({ current_password: z.string().min(1).max(200), password: newPasswordSchema, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, { message: MESSAGES.passwordMismatch, path: ['password_confirmation'] });

export const passwordForgotRequestSchema = z.object({ email });

export const passwordResetRequestSchema = z
  .object({ token: z.string().min(20).max(200), password: newPasswordSchema, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, { message: MESSAGES.passwordMismatch, path: ['password_confirmation'] });

export const validateTokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** Every error the API sends. `code` is stable; `message` is shown to the user. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  correlation_id: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
