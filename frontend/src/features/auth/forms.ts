import { z } from 'zod';
import { EMAIL_MAX, SIGN_IN_REFUSALS, SIGN_UP_NAME_MAX } from '@/lib/api/vocabulary';
import { safeReturnPath } from '@/lib/auth/return-path';
import { tooLong } from '@/lib/profile-texts';

/** Names: at most as many characters as the server takes. */
export const NAME_MAX = SIGN_UP_NAME_MAX;
/** Login and verification codes: six digits. */
export const CODE_LENGTH = 6;

const CODE_MESSAGE = SIGN_IN_REFUSALS.code;

const trimmed = (required: string) =>
  z.string().trim().min(1, required).max(NAME_MAX, tooLong(NAME_MAX));

/** A required e-mail address, trimmed and lowercased before it is sent. */
export const emailField = z
  .string()
  .trim()
  .min(1, SIGN_IN_REFUSALS.emailRequired)
  .max(EMAIL_MAX, SIGN_IN_REFUSALS.emailTooLong)
  .pipe(z.email(SIGN_IN_REFUSALS.emailInvalid))
  .transform((email) => email.toLowerCase());

/** The sign-up form; its checks top to bottom, as the form shows the fields. */
export const signUpSchema = z.object({
  firstName: trimmed(SIGN_IN_REFUSALS.firstNameRequired),
  lastName: trimmed(SIGN_IN_REFUSALS.lastNameRequired),
  email: emailField,
  terms: z.boolean().refine((accepted) => accepted, {
    message: SIGN_IN_REFUSALS.termsRequired,
  }),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpValues = z.output<typeof signUpSchema>;

export const loginEmailSchema = z.object({ email: emailField });
export type LoginEmailInput = z.input<typeof loginEmailSchema>;
export type LoginEmailValues = z.output<typeof loginEmailSchema>;

export const codeSchema = z.object({
  code: z.string().regex(/^\d{6}$/, CODE_MESSAGE),
});
export type CodeValues = z.infer<typeof codeSchema>;

/** What the person typed into a code field, reduced to at most six digits. */
export function digitsOnly(value: string, max: number = CODE_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/**
 * Where a successful code check may send the browser: a path on this site only, so that a
 * tampered answer cannot send anyone elsewhere.
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  return safeReturnPath(target) ?? fallback;
}
