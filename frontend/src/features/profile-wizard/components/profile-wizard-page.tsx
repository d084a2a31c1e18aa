import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, Plus, SearchX, UserRoundPen, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { StepProgress } from '@/components/ui/step-progress';
import { ADD_PET_PARAM, paths } from '@/config/paths';
import { useSaveProfile } from '@/features/profile-wizard/api/save-profile';
import { PetPicker, StepBody } from '@/features/profile-wizard/components/step-body';
import type { StepProps } from '@/features/profile-wizard/components/step-fields';
import { TypeSwitch } from '@/features/profile-wizard/components/type-switch';
import {
  clearKeptDraft,
  readKeptDraft,
  writeKeptDraft,
  type WizardMode,
} from '@/features/profile-wizard/kept-draft';
import {
  DRAFT_COPY_KEY,
  draftCopy,
  emptyValues,
  keptOfPet,
  NOTHING_KEPT,
  petValues,
  toDraft,
  valuesFromProfile,
  wizardSchema,
  type KeptFields,
  type PetView,
  type WizardValues,
} from '@/features/profile-wizard/profile-form';
import { stepOfField, stepsFor } from '@/features/profile-wizard/steps';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useServerFieldError } from '@/hooks/use-server-field-error';
import { ApiError } from '@/lib/api/api-error';
import type { SessionUser } from '@/lib/auth/api/get-current-user';
import { PROFILE_LOOKUP_FAILED, useProfileLookup } from '@/lib/auth/api/get-profile-lookup';
import { useAuth } from '@/lib/auth/use-auth';
import type { NoticeState } from '@/lib/notice';
import { PROFILE_ONLINE, PROFILE_SAVED } from '@/lib/profile-texts';
import { profileTypeFrom, SELECTED_TYPE_KEY, type ProfileType } from '@/lib/profile-type';
import { ownerPageQueryOptions } from '@/lib/profiles/get-owner-page';

export const SAVE_FAILED = 'Er ging iets mis bij het opslaan van je profiel. Probeer het opnieuw.';
export const UPDATE_FAILED =
  'Er ging iets mis bij het bijwerken van je profiel. Probeer het opnieuw.';

/**
 * `/profiel-aanmaken`: the wizard that makes a profile, or with `?mode=edit&type=` changes the
 * signed-in user's own.
 */
export function ProfileWizardPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const editing = params.get('mode') === 'edit';
  useDocumentTitle(editing ? 'Profiel bewerken' : 'Profiel aanmaken');
  // Signed-out people never get here (the route is guarded).
  if (user === null) return null;
  return editing ? <EditWizard userId={user.id} /> : <CreateWizard user={user} />;
}

/** The step a history entry of the wizard holds, and the step it was pushed from. */
function stepInHistory(state: unknown): { step: number; from: number | null } | null {
  if (typeof state !== 'object' || state === null || !('wizardStep' in state)) return null;
  const { wizardStep } = state;
  if (typeof wizardStep !== 'number' || !Number.isInteger(wizardStep) || wizardStep < 0)
    return null;
  const from = 'from' in state && typeof state.from === 'number' ? state.from : null;
  return { step: wizardStep, from };
}

function CreateWizard({ user }: { user: SessionUser }) {
  const userId = user.id;
  const [type, setType] = useState<ProfileType>(() =>
    profileTypeFrom(window.localStorage.getItem(SELECTED_TYPE_KEY)),
  );
  const lookup = useProfileLookup(userId);
  // Set once this wizard saves: the profile that then appears is the one just made here.
  const [saving, setSaving] = useState(false);
  if (lookup.isPending) {
    return <LoadingProfile />;
  }
  // One profile per person: someone who already has one changes it instead.
  if (lookup.data && !saving) {
    return (
      <Navigate
        to={`${paths.profileSetup}?${new URLSearchParams({ mode: 'edit', type: lookup.data.type }).toString()}`}
        replace
      />
    );
  }
  // Without knowing whether there is one already, the form would risk a second profile.
  if (lookup.isError && !saving) {
    return <LookupFailed onRetry={() => void lookup.refetch()} />;
  }
  return (
    <WizardForm
      // A new kind starts its own steps afresh, with the names again.
      key={type}
      userId={userId}
      editing={false}
      initial={{ ...emptyValues(type), ...namesOf(user) }}
      kept={NOTHING_KEPT}
      onSaving={() => {
        setSaving(true);
      }}
      typeSwitch={
        <TypeSwitch
          type={type}
          onChange={(next) => {
            window.localStorage.setItem(SELECTED_TYPE_KEY, next);
            setType(next);
          }}
        />
      }
    />
  );
}

/** The names given at sign-up (or by Google), to start the wizard with. */
function namesOf(user: SessionUser): Pick<WizardValues, 'firstName' | 'lastName'> {
  return {
    firstName: user.first_name ?? user.google_user_data?.given_name ?? '',
    lastName: user.last_name ?? '',
  };
}

function EditWizard({ userId }: { userId: number }) {
  const lookup = useProfileLookup(userId);
  if (lookup.isPending) {
    return <LoadingProfile />;
  }
  if (!lookup.data && lookup.isError) {
    return <LookupFailed onRetry={() => void lookup.refetch()} />;
  }
  if (!lookup.data) {
    return (
      <div className="px-4 py-16 sm:px-6">
        <EmptyState
          icon={SearchX}
          titleAs="h1"
          title="Geen profiel gevonden"
          description="Je hebt nog geen profiel om te bewerken. Maak er eerst een aan."
          action={
            <Link to={paths.dashboard} className={buttonStyles()}>
              Naar het dashboard
            </Link>
          }
        />
      </div>
    );
  }
  const { values, kept } = valuesFromProfile(lookup.data);
  if (lookup.data.type === 'huisdier') {
    return (
      <OwnerEditWizard
        userId={userId}
        ownerId={lookup.data.profile.owner_id}
        initial={values}
        kept={kept}
      />
    );
  }
  return <WizardForm userId={userId} editing initial={values} kept={kept} />;
}

/** An owner's edit: with their pets, so that one with several picks which pet to edit. */
function OwnerEditWizard({
  userId,
  ownerId,
  initial,
  kept,
}: {
  userId: number;
  ownerId: number;
  initial: WizardValues;
  kept: KeptFields;
}) {
  const page = useQuery(ownerPageQueryOptions(ownerId));
  if (page.isPending) {
    return <LoadingProfile />;
  }
  // Without the list the first pet is edited, as before there were several.
  return (
    <WizardForm userId={userId} editing initial={initial} kept={kept} pets={page.data?.pets} />
  );
}

/** The own profile could not be read: neither the form nor 'Geen profiel gevonden' is right. */
function LookupFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="px-4 py-16 sm:px-6">
      <LoadError titleAs="h1" description={PROFILE_LOOKUP_FAILED} onRetry={onRetry} />
    </div>
  );
}

function LoadingProfile() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-stone-700">
      <Spinner label="Profiel laden..." className="text-orange-700" />
    </div>
  );
}

interface WizardFormProps {
  userId: number;
  editing: boolean;
  initial: WizardValues;
  kept: KeptFields;
  /** Called as the save starts. */
  onSaving?: () => void;
  /** Shown on the first step: the choice of profile, while it can still change. */
  typeSwitch?: ReactNode;
  /** Edit mode, owners: all their pets, oldest first; with two or more the pet step offers a pick. */
  pets?: PetView[] | undefined;
}

function WizardForm({
  userId,
  editing,
  initial,
  kept,
  onSaving,
  typeSwitch,
  pets = [],
}: WizardFormProps) {
  const type = initial.profileType;
  const steps = stepsFor(type);
  const mode: WizardMode = editing ? 'edit' : 'create';
  // What was typed before a reload, and (editing) the pet it was typed for.
  const [start] = useState(() => {
    const restored = readKeptDraft(userId, mode, type);
    const pet = pets.find((p) => p.id === restored?.petId);
    return {
      values: {
        ...initial,
        ...(pet ? petValues(pet) : {}),
        ...restored?.values,
      } satisfies WizardValues,
      kept: pet ? keptOfPet(pet) : kept,
      step: Math.min(restored?.step ?? 0, steps.length - 1),
    };
  });
  const [keptNow, setKeptNow] = useState<KeptFields>(start.kept);
  // The step shown, and what gets focus once it shows: the field to fix, else the step's title.
  const [position, setPosition] = useState<{
    index: number;
    focus: keyof WizardValues | 'title' | null;
  }>({ index: start.step, focus: null });
  // Each step is also an entry of the browser's history (the step in its state, the address the
  // same), so that the back button goes to the previous step, not out of the wizard: a move
  // through the history shows the step of the entry.
  const location = useLocation();
  const historyStep = stepInHistory(location.state);
  const [seenEntry, setSeenEntry] = useState(location.key);
  if (seenEntry !== location.key) {
    setSeenEntry(location.key);
    if (historyStep !== null && historyStep.step !== position.index && historyStep.step < steps.length)
      setPosition({ index: historyStep.step, focus: 'title' });
  }
  const index = position.index;
  const [uploads, setUploads] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const save = useSaveProfile();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    setFocus,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<WizardValues>({
    resolver: zodResolver(wizardSchema),
    defaultValues: start.values,
    shouldFocusError: false,
  });
  const putAtField = useServerFieldError(setError);
  const values = { ...start.values, ...useWatch({ control }) };

  // Every change is kept for a reload, until the profile is saved or the wizard cancelled. Only
  // what was typed: a visit that changes nothing leaves nothing that could later hide an edit
  // made elsewhere (an inline edit on the profile page).
  const [finished, setFinished] = useState(false);
  const snapshot = JSON.stringify(values);
  useEffect(() => {
    if (finished || !isDirty) return;
    writeKeptDraft(userId, mode, {
      values: JSON.parse(snapshot) as WizardValues,
      step: index,
      petId: keptNow.petId,
    });
  }, [finished, isDirty, snapshot, index, keptNow.petId, userId, mode]);
  const forgetDraft = () => {
    setFinished(true);
    clearKeptDraft(userId, mode);
  };

  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (position.focus === 'title') titleRef.current?.focus();
    else if (position.focus !== null) setFocus(position.focus);
  }, [position, setFocus]);

  const here = { pathname: location.pathname, search: location.search };
  // The entry the wizard opened on holds its first step, so that coming back to it shows that.
  const firstEntry = useRef({ entry: here, step: start.step, marked: historyStep !== null });
  useEffect(() => {
    const first = firstEntry.current;
    if (first.marked) return;
    first.marked = true;
    void navigate(first.entry, { replace: true, state: { wizardStep: first.step, from: null } });
  }, [navigate]);
  const goTo = (next: number, focus: keyof WizardValues | 'title' = 'title') => {
    if (next !== index) void navigate(here, { state: { wizardStep: next, from: index } });
    setPosition({ index: next, focus });
  };
  /** 'Vorige': back through the history when this step was reached from the previous one. */
  const previous = () => {
    if (historyStep?.step === index && historyStep.from === index - 1) {
      void navigate(-1);
    } else {
      void navigate(here, { replace: true, state: { wizardStep: index - 1, from: null } });
      setPosition({ index: index - 1, focus: 'title' });
    }
  };

  /** 'Volgende': the step's own fields by the server's rules; the first wrong one gets focus. */
  const next = async () => {
    const fields = steps[index]?.fields ?? [];
    if (fields.length > 0 && !(await trigger(fields))) {
      const first = fields.find((field) => getFieldState(field).invalid);
      setPosition({ index, focus: first ?? 'title' });
      return;
    }
    goTo(index + 1);
  };

  /** Edit mode: the pet step now edits `pet` instead (what was typed for the other is left). */
  const pickPet = (pet: PetView) => {
    for (const [field, value] of Object.entries(petValues(pet))) {
      setValue(field as keyof WizardValues, value, { shouldDirty: true });
    }
    setKeptNow(keptOfPet(pet));
  };

  const showFieldError = (field: keyof WizardValues) => {
    const step = stepOfField(type, field);
    if (step >= 0) goTo(step, field);
  };

  const onInvalid = (invalid: FieldErrors<WizardValues>) => {
    const first = steps
      .flatMap((step) => step.fields)
      .find((field) => invalid[field] !== undefined);
    if (first) showFieldError(first);
  };

  const finish = handleSubmit(async (submitted, event) => {
    // 'Voltooien en nog een huisdier toevoegen' goes on to the owner page's form for the next pet.
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
    const thenAddPet = submitter?.dataset.next === ADD_PET_PARAM;
    setFailure(null);
    onSaving?.();
    const draft = toDraft(submitted, keptNow);
    let saved;
    try {
      saved = await save.mutateAsync({ userId, draft, editing });
    } catch (error) {
      const field = putAtField(
        error,
        steps.flatMap((step) => step.fields),
      );
      if (field !== null) {
        showFieldError(field);
        return;
      }
      if (error instanceof ApiError && error.status === 422) {
        setFailure(error.message);
        return;
      }
      setFailure(editing ? UPDATE_FAILED : SAVE_FAILED);
      return;
    }
    forgetDraft();
    if (!editing) {
      window.localStorage.removeItem(SELECTED_TYPE_KEY);
      window.localStorage.setItem(DRAFT_COPY_KEY, JSON.stringify(draftCopy(draft)));
    }
    if (thenAddPet && saved.type === 'huisdier') {
      void navigate(paths.ownerAddingPet(saved.profile.owner_id));
      return;
    }
    // Edits go back to the dashboard, which says they were saved (until the next page); a new
    // profile is announced as online, with the way to its page.
    const notice: NoticeState = editing
      ? { notice: PROFILE_SAVED }
      : {
          notice: PROFILE_ONLINE,
          link: {
            to: saved.type === 'huisdier' ? paths.pet(saved.profile.id) : paths.volunteer(saved.profile.id),
            label: 'Bekijk je profiel',
          },
          firstProfile: true,
        };
    void navigate(paths.dashboard, { state: notice });
  }, onInvalid);

  const last = index === steps.length - 1;
  const step = steps[index] ?? steps[0];
  if (!step) return null;
  const busy = uploads > 0;
  const saving = isSubmitting;

  const trackUpload = (running: boolean) => {
    setUploads((count) => Math.max(0, count + (running ? 1 : -1)));
  };
  const stepProps: StepProps = { register, errors, values };
  const picker =
    editing && type === 'huisdier' && pets.length > 1 ? (
      <PetPicker pets={pets} current={keptNow.petId} onPick={pickPet} />
    ) : null;

  return (
    <div className="bg-gradient-to-b from-orange-50 to-stone-50 px-4 py-10 sm:px-6 sm:py-14">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <div className="flex items-center gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-orange-100 text-orange-800">
            <UserRoundPen aria-hidden="true" className="size-7" />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
              {editing ? 'Profiel bewerken' : 'Profiel aanmaken'}
            </h1>
            <p className="text-stone-700">
              {type === 'huisdier'
                ? 'Vertel oppassers over je huisdier en over jezelf.'
                : 'Vertel baasjes wie je bent en wanneer je kunt oppassen.'}
            </p>
          </div>
        </div>

        <Card className="flex flex-col gap-6">
          {index === 0 && typeSwitch}
          <StepProgress
            step={index + 1}
            total={steps.length}
            percent={step.percent}
            title={step.title}
          />
          <form
            noValidate
            className="flex flex-col gap-6"
            onSubmit={(event) => {
              if (!last) {
                // Enter in a field moves on instead of finishing early.
                event.preventDefault();
                if (!busy) void next();
                return;
              }
              void finish(event);
            }}
          >
            <h2
              ref={titleRef}
              tabIndex={-1}
              className="text-xl font-bold text-stone-900 focus:outline-none sm:text-2xl"
            >
              {step.title}
            </h2>
            {step.fields.some((field) => field === 'firstName' || field === 'petName') && (
              <p className="-mt-3 text-sm text-stone-600">Velden met * zijn verplicht.</p>
            )}
            <div className="flex flex-col gap-5">
              {step.id === 'basic' && picker}
              <StepBody
                id={step.id}
                type={type}
                props={stepProps}
                onImage={(field, url) => {
                  setValue(field, url, { shouldDirty: true });
                }}
                onBusyChange={trackUpload}
              />
            </div>

            {failure && (
              <p
                role="alert"
                className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
              >
                {failure}
              </p>
            )}

            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-6">
              <div className="flex flex-wrap gap-3">
                <Button
                  variant="ghost"
                  disabled={index === 0 || saving}
                  onClick={previous}
                >
                  <ArrowLeft aria-hidden="true" className="size-5" />
                  Vorige
                </Button>
                <Button
                  variant="ghost"
                  disabled={saving}
                  onClick={() => {
                    forgetDraft();
                    void navigate(paths.dashboard);
                  }}
                >
                  <X aria-hidden="true" className="size-5" />
                  Annuleren
                </Button>
              </div>
              {last ? (
                <div className="flex flex-wrap justify-end gap-3">
                  {type === 'huisdier' && !editing && (
                    <Button
                      key="finish-and-add"
                      type="submit"
                      variant="secondary"
                      disabled={busy || saving}
                      data-next={ADD_PET_PARAM}
                    >
                      <Plus aria-hidden="true" className="size-5" />
                      Voltooien en nog een huisdier toevoegen
                    </Button>
                  )}
                  <Button
                    key="finish"
                    type="submit"
                    disabled={busy || saving}
                    aria-busy={saving || undefined}
                  >
                    {saving ? <Spinner /> : <Check aria-hidden="true" className="size-5" />}
                    {editing ? 'Wijzigingen opslaan' : 'Profiel voltooien'}
                  </Button>
                </div>
              ) : (
                <Button
                  key="next"
                  disabled={busy}
                  onClick={() => {
                    void next();
                  }}
                >
                  Volgende
                  <ArrowRight aria-hidden="true" className="size-5" />
                </Button>
              )}
            </div>
          </form>
        </Card>
      </div>
    </div>
  );
}
