import { SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { characterCount, useSendMessage } from '@/features/messages/api/send-message';
import { ApiError } from '@/lib/api/api-error';
import { MESSAGE_MAX } from '@/lib/api/vocabulary';
import { cn } from '@/lib/cn';

export const SEND_FAILED = 'Bericht versturen mislukt. Probeer opnieuw.';
export const SEND_NETWORK_FAILED = 'Er ging iets mis bij het versturen van het bericht.';

/** The counter shows from this many characters on. */
const COUNTER_FROM = MESSAGE_MAX - 200;

/** What to tell after a failed send (spec section 8); the server's own words for 422 and 429. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return SEND_NETWORK_FAILED;
  const serverText = error.code !== 'unexpected_response';
  return (error.status === 422 || error.status === 429) && serverText ? error.message : SEND_FAILED;
}

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line. Nothing is sent while empty
 * (after trimming) or while the previous message is on its way; after a failure the text comes
 * back so that nothing typed is lost. A send refused because the conversation closed meanwhile
 * (403) is no failure to try again: `onRefused` gets the server's words.
 */
export function Composer({
  conversationId,
  recipient,
  onRefused,
}: {
  conversationId: number;
  recipient: string;
  onRefused: (text: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage(conversationId);

  const text = draft.trim();
  const count = characterCount(text);
  const tooLong = count > MESSAGE_MAX;

  const submit = () => {
    if (text === '' || tooLong || send.isPending) return;
    setError(null);
    setDraft('');
    send.mutate(text, {
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 403) {
          onRefused(failure.message);
          return;
        }
        // Put the text back, before anything typed meanwhile.
        setDraft((typed) => (typed.trim() === '' ? text : `${text}\n${typed}`));
        setError(failureText(failure));
      },
    });
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const describedBy = [`${id}-hint`, count >= COUNTER_FROM && `${id}-count`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-2 border-t border-stone-200 bg-white p-3 sm:p-4"
    >
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          Bericht aan {recipient}
        </label>
        <textarea
          id={id}
          ref={textarea}
          rows={2}
          value={draft}
          placeholder="Typ een bericht..."
          aria-describedby={describedBy}
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-12 grow resize-none rounded-2xl bg-stone-50 px-4 py-2.5 text-base text-stone-900 ring-1 ring-stone-300 ring-inset placeholder:text-stone-500"
        />
        <button
          type="submit"
          disabled={text === '' || tooLong || send.isPending}
          aria-busy={send.isPending}
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-orange-700 text-white shadow-sm hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {send.isPending ? <Spinner /> : <SendHorizontal aria-hidden="true" className="size-5" />}
          <span className="sr-only">Versturen</span>
        </button>
      </div>
      <div className="flex justify-between gap-3 px-1 text-xs text-stone-600">
        <p id={`${id}-hint`} className="hidden sm:block">
          Enter om te versturen, Shift+Enter voor een nieuwe regel
        </p>
        {count >= COUNTER_FROM && (
          <p
            id={`${id}-count`}
            aria-live="polite"
            className={cn('ml-auto', tooLong && 'font-semibold text-red-800')}
          >
            {count} / {MESSAGE_MAX} tekens
            {tooLong && ' – je bericht is te lang'}
          </p>
        )}
      </div>
    </form>
  );
}
