import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { PhotoPicker } from '@/components/ui/photo-picker';
import { Spinner } from '@/components/ui/spinner';
import type { DraftChange } from '@/features/profiles/api/draft-from-profile';
import { ApiError } from '@/lib/api/api-error';
import { DRAFT_MAX_LENGTH } from '@/lib/api/vocabulary';
import { cn } from '@/lib/cn';
import { LABELS } from '@/lib/profile-labels';
import { postcodeRefusal, tooLong } from '@/lib/profile-texts';
import type { Option } from '@/lib/vocabulary';

export const BOTH_LOCATION_FIELDS = 'Vul zowel de locatie als de postcode in.';
export const SAVE_FAILED = 'Er ging iets mis bij het opslaan. Probeer opnieuw.';
export const UPLOAD_REFUSED = 'Uploaden mislukt. Probeer opnieuw.';
export const UPLOAD_ERROR = 'Er ging iets mis bij het uploaden.';

export interface LocationValue {
  location: string;
  postalCode: string;
}

/** One editable field: its kind, label, current value and the draft change a new value makes. */
export type EditField =
  | {
      kind: 'text' | 'textarea';
      label: string;
      value: string;
      /** The most characters, as the server allows them for this field. */
      max: number;
      /** The message when it is left empty; without one the field may be emptied. */
      required?: string;
      toChange: (value: string) => DraftChange;
    }
  | {
      kind: 'select';
      label: string;
      value: string;
      /** A '' value is the "no choice" option; the current value is among them. */
      options: Option[];
      toChange: (value: string) => DraftChange;
    }
  | {
      kind: 'multiselect';
      label: string;
      value: string[];
      /** Every choice, the current values included. */
      options: Option[];
      toChange: (value: string[]) => DraftChange;
    }
  | {
      kind: 'location';
      label: string;
      value: LocationValue;
      toChange: (value: LocationValue) => DraftChange;
    }
  | {
      kind: 'image';
      label: string;
      value: string | null;
      /** The text alternative of the preview. */
      alt: string;
      toChange: (value: string | null) => DraftChange;
    };

interface FormValues {
  text: string;
  list: string[];
  location: string;
  postalCode: string;
  image: string | null;
}

/** The rules of one field kind, with the Dutch messages the form shows. */
export function schemaFor(field: EditField) {
  return z
    .object({
      text: z.string(),
      list: z.array(z.string()),
      location: z.string(),
      postalCode: z.string(),
      image: z.string().nullable(),
    })
    .superRefine((values, context) => {
      switch (field.kind) {
        case 'text':
        case 'textarea': {
          if (field.required && values.text.trim() === '') {
            context.addIssue({ code: 'custom', path: ['text'], message: field.required });
          } else if (values.text.trim().length > field.max) {
            context.addIssue({ code: 'custom', path: ['text'], message: tooLong(field.max) });
          }
          break;
        }
        case 'location': {
          const location = values.location.trim();
          const postalCode = values.postalCode.trim();
          if (location === '' || postalCode === '') {
            context.addIssue({ code: 'custom', path: ['location'], message: BOTH_LOCATION_FIELDS });
          } else if (postcodeRefusal(postalCode) !== null) {
            context.addIssue({
              code: 'custom',
              path: ['postalCode'],
              message: postcodeRefusal(postalCode) ?? '',
            });
          } else if (location.length > DRAFT_MAX_LENGTH.location) {
            context.addIssue({
              code: 'custom',
              path: ['location'],
              message: tooLong(DRAFT_MAX_LENGTH.location),
            });
          }
          break;
        }
        default:
          break;
      }
    });
}

function defaultsOf(field: EditField): FormValues {
  const values: FormValues = { text: '', list: [], location: '', postalCode: '', image: null };
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'select':
      return { ...values, text: field.value };
    case 'multiselect':
      return { ...values, list: [...field.value] };
    case 'location':
      return { ...values, ...field.value };
    case 'image':
      return { ...values, image: field.value };
  }
}

function changeOf(field: EditField, values: FormValues): DraftChange {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return field.toChange(values.text.trim());
    case 'select':
      return field.toChange(values.text);
    case 'multiselect':
      return field.toChange(values.list);
    case 'location':
      return field.toChange({
        location: values.location.trim(),
        postalCode: values.postalCode.trim(),
      });
    case 'image':
      return field.toChange(values.image);
  }
}

/** The Dutch text for a failed save: the server's own text for an invalid field. */
export function saveFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 422 && error.field) {
    return error.message;
  }
  return SAVE_FAILED;
}

export interface EditFieldDialogProps {
  /** The field being edited; null keeps the dialog closed. */
  field: EditField | null;
  /** The dialog's title, e.g. 'Naam bewerken'. */
  title: string;
  onClose: () => void;
  /** Sends the change; a rejection is shown in the dialog. */
  onSave: (change: DraftChange) => Promise<unknown>;
}

/**
 * The reusable inline edit dialog of a profile page: text, textarea, select, multiselect,
 * location and image fields, each checked before the whole profile is saved.
 */
export function EditFieldDialog({ field, title, onClose, onSave }: EditFieldDialogProps) {
  return (
    <Dialog open={field !== null} onClose={onClose} title={title}>
      {/* Mounted per opening, so every edit starts from the value shown on the page. */}
      {field && <EditForm field={field} onClose={onClose} onSave={onSave} />}
    </Dialog>
  );
}

function EditForm({
  field,
  onClose,
  onSave,
}: {
  field: EditField;
  onClose: () => void;
  onSave: EditFieldDialogProps['onSave'];
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(schemaFor(field)),
    defaultValues: defaultsOf(field),
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(changeOf(field, values));
      onClose();
    } catch (error) {
      setFailure(saveFailure(error));
    }
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <FieldInput field={field} form={form} onUploadingChange={setUploading} />
      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onClose}>
          Annuleren
        </Button>
        <Button type="submit" disabled={isSubmitting || uploading} aria-busy={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Opslaan...' : 'Opslaan'}
        </Button>
      </div>
    </form>
  );
}

type Form = ReturnType<typeof useForm<FormValues>>;

function FieldInput({
  field,
  form,
  onUploadingChange,
}: {
  field: EditField;
  form: Form;
  onUploadingChange: (busy: boolean) => void;
}) {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return <TextField field={field} form={form} />;
    case 'select':
      return <SelectField field={field} form={form} />;
    case 'multiselect':
      return <MultiselectField field={field} form={form} />;
    case 'location':
      return <LocationFields form={form} />;
    case 'image':
      return <ImageField field={field} form={form} onUploadingChange={onUploadingChange} />;
  }
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

const fieldClasses =
  'w-full rounded-xl bg-white px-4 py-2.5 text-base text-stone-900 ring-1 ring-stone-300 ring-inset';

function TextField({
  field,
  form,
}: {
  field: Extract<EditField, { kind: 'text' | 'textarea' }>;
  form: Form;
}) {
  const id = useId();
  const max = field.max;
  const length = form.watch('text').length;
  const error = form.formState.errors.text?.message;
  const describedBy = [`${id}-count`, error && `${id}-error`].filter(Boolean).join(' ');
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: cn(fieldClasses, error && 'ring-2 ring-red-700'),
    ...form.register('text'),
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {field.label}
      </label>
      {field.kind === 'textarea' ? <textarea rows={6} {...common} /> : <input {...common} />}
      <p
        id={`${id}-count`}
        className={cn('text-right text-sm', length > max ? 'text-red-800' : 'text-stone-600')}
      >
        {length} / {max} tekens
      </p>
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function SelectField({
  field,
  form,
}: {
  field: Extract<EditField, { kind: 'select' }>;
  form: Form;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {field.label}
      </label>
      <select id={id} className={fieldClasses} {...form.register('text')}>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function MultiselectField({
  field,
  form,
}: {
  field: Extract<EditField, { kind: 'multiselect' }>;
  form: Form;
}) {
  const chosen = form.watch('list');
  const toggle = (option: string, on: boolean) => {
    const next = on ? [...chosen, option] : chosen.filter((value) => value !== option);
    form.setValue('list', next, { shouldDirty: true });
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-stone-800">{field.label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {field.options.map((option) => (
          <label
            key={option.value}
            className="flex items-center gap-2 rounded-xl px-3 py-2 ring-1 ring-stone-200 has-checked:bg-orange-50 has-checked:ring-orange-300"
          >
            <input
              type="checkbox"
              className="size-4 accent-orange-700"
              checked={chosen.includes(option.value)}
              onChange={(event) => {
                toggle(option.value, event.currentTarget.checked);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function LocationFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const message = errors.location?.message ?? errors.postalCode?.message;
  return (
    <div className="flex flex-col gap-4">
      <Input
        label={LABELS.location}
        autoComplete="address-level2"
        aria-invalid={errors.location ? true : undefined}
        {...form.register('location')}
      />
      <Input
        label={LABELS.postalCode}
        hint="Alleen de eerste 4 cijfers van je postcode"
        inputMode="numeric"
        aria-invalid={errors.postalCode ? true : undefined}
        {...form.register('postalCode')}
      />
      {message && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}

function ImageField({
  field,
  form,
  onUploadingChange,
}: {
  field: Extract<EditField, { kind: 'image' }>;
  form: Form;
  onUploadingChange: (busy: boolean) => void;
}) {
  return (
    <PhotoPicker
      label={field.label}
      value={form.watch('image')}
      onChange={(url) => {
        form.setValue('image', url, { shouldDirty: true });
      }}
      onBusyChange={onUploadingChange}
      previewAlt={field.alt}
      texts={{ failed: UPLOAD_REFUSED, network: UPLOAD_ERROR }}
      progressLabel="Uploadvoortgang"
      hint="JPG, PNG of GIF, maximaal 5 MB."
    />
  );
}
