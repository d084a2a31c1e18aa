import { PenLine } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/form-fields';
import {
  useAppointmentReferences,
  useWriteReference,
} from '@/features/appointments/api/afspraak-references';
import { ApiError } from '@/lib/api/api-error';
import type { components } from '@/lib/api/openapi';
import * as V from '@/lib/api/vocabulary';
import { OutcomeQuestion } from './outcome-question';

type ReferenceTag = components['schemas']['ReferenceTag'];

export const WRITE_REFERENCE = 'Referentie schrijven';

/**
 * Under an afspraak that took place: the reader's reference (to write, or waiting for the other's)
 * and the other's once both are published.
 */
export function AfspraakReferences({
  conversationId,
  appointmentId,
  otherName,
  open,
}: {
  conversationId: number;
  appointmentId: number;
  otherName: string;
  /** Whether the conversation is still open (a closed one takes no new reference). */
  open: boolean;
}) {
  const references = useAppointmentReferences(conversationId, appointmentId);
  const [writing, setWriting] = useState(false);
  if (!references.data) return null;
  const { mine, theirs, published, mayNotWrite, asksOutcome } = references.data;
  return (
    <div className="flex flex-col gap-1 border-t border-stone-200 pt-2 text-sm">
      {theirs && (
        <p className="text-stone-800">
          <span className="font-semibold">{otherName} schreef:</span> {theirs.text}
        </p>
      )}
      {mine && !mine.hidden && !published && (
        <p className="text-stone-700">
          Je referentie is bewaard. {otherName} en anderen lezen die zodra jullie allebei schreven,
          of 14 dagen na de afspraak.
        </p>
      )}
      {mine?.hidden && (
        <p className="text-stone-700">
          Een moderator heeft je referentie verborgen na een melding. Niemand anders ziet hem nog.
        </p>
      )}
      {mine && !mine.hidden && published && (
        // Both only when the other's is there too (not written in time, or hidden by a moderator).
        <p className="text-stone-700">
          {theirs
            ? 'Jullie referenties staan op jullie profielen.'
            : `Je referentie staat op het profiel van ${otherName}.`}
        </p>
      )}
      {!mine && mayNotWrite === null && open && (
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setWriting(true);
            }}
          >
            <PenLine aria-hidden="true" className="size-4" />
            {WRITE_REFERENCE}
          </Button>
        </div>
      )}
      {asksOutcome && open ? (
        <OutcomeQuestion conversationId={conversationId} appointmentId={appointmentId} />
      ) : (
        !mine && mayNotWrite !== null && <p className="text-stone-600">{mayNotWrite}</p>
      )}
      {writing && (
        <ReferenceDialog
          conversationId={conversationId}
          appointmentId={appointmentId}
          otherName={otherName}
          onClose={() => {
            setWriting(false);
          }}
        />
      )}
    </div>
  );
}

function ReferenceDialog({
  conversationId,
  appointmentId,
  otherName,
  onClose,
}: {
  conversationId: number;
  appointmentId: number;
  otherName: string;
  onClose: () => void;
}) {
  const write = useWriteReference(conversationId, appointmentId);
  const [text, setText] = useState('');
  const [again, setAgain] = useState<boolean | null>(null);
  const [tags, setTags] = useState<ReferenceTag[]>([]);
  const [moderatorNote, setModeratorNote] = useState('');
  const againId = useId();
  const error = write.error instanceof ApiError ? write.error : null;
  const textError = error?.field === 'text' ? error.message : undefined;
  const noteError = error?.field === 'moderatorNote' ? error.message : undefined;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Referentie over ${otherName}`}
      sheet
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Annuleren
          </Button>
          <Button
            disabled={again === null || text.trim() === '' || write.isPending}
            onClick={() => {
              if (again === null) return;
              write.mutate(
                { text, again, tags, moderatorNote: moderatorNote.trim() || null },
                { onSuccess: onClose },
              );
            }}
          >
            {write.isPending ? 'Versturen...' : 'Referentie plaatsen'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          {otherName} leest je referentie pas als jullie allebei schreven, of 14 dagen na de
          afspraak. Daarna staat die op het profiel van {otherName} en kun je die niet meer
          wijzigen.
        </p>
        {error && !textError && !noteError && <FormAlert>{error.message}</FormAlert>}
        <Textarea
          label="Hoe ging het?"
          hint="Minstens 20 tekens. Noem geen adres of telefoonnummer."
          error={textError}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        <fieldset className="flex flex-col gap-2">
          <legend id={againId} className="mb-2 text-sm font-semibold text-stone-800">
            Zou je weer met {otherName} afspreken?
          </legend>
          <div className="flex gap-3">
            {[
              { value: true, label: 'Ja' },
              { value: false, label: 'Nee' },
            ].map((option) => (
              <label
                key={option.label}
                className="flex cursor-pointer items-center gap-2 rounded-xl px-4 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
              >
                <input
                  type="radio"
                  name={againId}
                  checked={again === option.value}
                  onChange={() => {
                    setAgain(option.value);
                  }}
                  className="size-5 accent-orange-700"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-stone-800">
            Wat viel op? (niet verplicht)
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {V.ReferenceTag.values.map((tag) => (
              <label
                key={tag}
                className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
              >
                <input
                  type="checkbox"
                  checked={tags.includes(tag)}
                  onChange={(event) => {
                    setTags((chosen) =>
                      event.target.checked
                        ? V.ReferenceTag.values.filter((t) => t === tag || chosen.includes(t))
                        : chosen.filter((t) => t !== tag),
                    );
                  }}
                  className="size-5 accent-orange-700"
                />
                {V.ReferenceTag.labels[tag]}
              </label>
            ))}
          </div>
        </fieldset>
        <Textarea
          label="Alleen voor de moderatoren (niet verplicht)"
          hint={`Iets wat wij moeten weten, zoals een vraag om geld. ${otherName} en anderen lezen dit nooit.`}
          error={noteError}
          value={moderatorNote}
          onChange={(event) => {
            setModeratorNote(event.target.value);
          }}
        />
      </div>
    </Dialog>
  );
}
