import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useAnswerOutcome } from '@/features/appointments/api/afspraak-references';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';

export const OUTCOME_QUESTION = 'Is de afspraak doorgegaan?';
export const OUTCOME_HINT = 'Alleen wij zien je antwoord. Daarna kun je een referentie schrijven.';

/**
 * 'Is de afspraak doorgegaan?' after an afspraak's end: the reader answers once, before a
 * reference; a 'no' ends the references of the afspraak.
 */
export function OutcomeQuestion({
  conversationId,
  appointmentId,
}: {
  conversationId: number;
  appointmentId: number;
}) {
  const answer = useAnswerOutcome(conversationId, appointmentId);
  const headingId = useId();
  const failed =
    answer.error instanceof ApiError
      ? answer.error.message
      : answer.error
        ? 'Je antwoord kon niet worden bewaard. Probeer het opnieuw.'
        : null;
  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2 text-sm">
      <p id={headingId} className="font-semibold text-stone-900">
        {OUTCOME_QUESTION}
      </p>
      <p className="text-stone-600">{OUTCOME_HINT}</p>
      {failed && <FormAlert>{failed}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        {V.AfspraakOutcome.values.map((outcome) => (
          <Button
            key={outcome}
            size="sm"
            variant="secondary"
            disabled={answer.isPending}
            onClick={() => {
              answer.mutate(outcome);
            }}
          >
            {V.AfspraakOutcome.labels[outcome]}
          </Button>
        ))}
      </div>
    </div>
  );
}
