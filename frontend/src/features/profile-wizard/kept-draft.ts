import { z } from 'zod';
import { wizardFields, type WizardValues } from '@/features/profile-wizard/profile-form';
import type { ProfileType } from '@/lib/profile-type';

/**
 * What has been typed in the wizard, kept in this tab's session storage so that a reload loses
 * nothing: per signed-in person and per mode, until the profile is saved or the wizard cancelled.
 * Photos are not kept (an upload is quick to repeat, and its address is the server's business).
 */
export type WizardMode = 'create' | 'edit';

export interface KeptDraft {
  values: Partial<WizardValues>;
  /** The step shown. */
  step: number;
  /** Edit mode: which of the owner's pets is being edited. */
  petId: number | null;
}

const PHOTO_FIELDS = ['avatarUrl', 'ownerAvatarUrl'] as const;

const keptDraftSchema = z.object({
  values: wizardFields.partial(),
  step: z.number().int().nonnegative(),
  petId: z.number().int().nullable(),
});

export function keptDraftKey(userId: number, mode: WizardMode): string {
  return `oppas.profileDraft:${String(userId)}:${mode}`;
}

/** The kept draft for a wizard of `type`, or null when none (or one of another kind) is kept. */
export function readKeptDraft(
  userId: number,
  mode: WizardMode,
  type: ProfileType,
): KeptDraft | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(keptDraftKey(userId, mode));
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const kept = keptDraftSchema.safeParse(parsed);
  if (!kept.success || kept.data.values.profileType !== type) return null;
  return { ...kept.data, values: withoutPhotos(kept.data.values) };
}

export function writeKeptDraft(userId: number, mode: WizardMode, draft: KeptDraft): void {
  const values = withoutPhotos(draft.values);
  try {
    window.sessionStorage.setItem(
      keptDraftKey(userId, mode),
      JSON.stringify({ ...draft, values } satisfies KeptDraft),
    );
  } catch {
    // A full or blocked storage only costs the copy; the wizard works on.
  }
}

/** The fields given, without the photos (and without fields left undefined). */
function withoutPhotos(
  values: Partial<Record<keyof WizardValues, unknown>>,
): Partial<WizardValues> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([field, value]) =>
        value !== undefined && !(PHOTO_FIELDS as readonly string[]).includes(field),
    ),
  );
}

export function clearKeptDraft(userId: number, mode: WizardMode): void {
  try {
    window.sessionStorage.removeItem(keptDraftKey(userId, mode));
  } catch {
    // Nothing was kept.
  }
}
