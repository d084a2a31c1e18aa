import { SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { characterCount } from '@/features/messages/api/send-message';
import { useUnsent } from '@/features/messages/hooks/use-outbox';
import { MESSAGE_MAX } from '@/lib/api/vocabulary';
import { cn } from '@/lib/cn';

/** The counter shows from this many characters on. */
const COUNTER_FROM = MESSAGE_MAX - 200;

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line. Nothing is sent while empty
 * (after trimming). A sent message leaves the box at once and shows in the thread as on its way
 * (see {@link useUnsent}): kept in this browser until the server has it, so that neither a lost
 * connection nor a reload loses it.
 */
export function Composer({
  conversationId,
  recipient,
}: {
  conversationId: number;
  recipient: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { write, ready } = useUnsent(conversationId);
  // Set once the draft is written, until the box shows its next text: two submits before React
  // renders again (a double click, Enter twice) would otherwise write the message twice.
  const written = useRef(false);
  useEffect(() => {
    written.current = false;
  }, [draft]);

  const text = draft.trim();
  const count = characterCount(text);
  const tooLong = count > MESSAGE_MAX;

  const submit = () => {
    if (text === '' || tooLong || !ready || written.current) return;
    written.current = true;
    write(text);
    setDraft('');
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const describedBy = [`${id}-hint`, count >= COUNTER_FROM && `${id}-count`]
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
          disabled={text === '' || tooLong || !ready}
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-orange-700 text-white shadow-sm hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
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
