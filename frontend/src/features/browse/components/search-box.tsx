import { Search } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { MAX_QUERY_LENGTH } from '@/features/browse/hooks/use-browse-params';
import { useDebouncedSearch } from '@/features/browse/hooks/use-debounced-search';
import { cn } from '@/lib/cn';

export interface SearchBoxProps {
  /** The label of the field. */
  label: string;
  placeholder: string;
  /** The term in the address. */
  committed: string;
  /** Puts a term in the address; `replace` while the person is still typing. */
  onSearch: (term: string, replace: boolean) => void;
  /** Light label on a dark hero. */
  inverse?: boolean;
  className?: string;
}

/**
 * A search form with a text field and 'Zoeken': the search runs when typing pauses, on Enter and
 * on the button.
 */
export function SearchBox({
  label,
  placeholder,
  committed,
  onSearch,
  inverse = false,
  className,
}: SearchBoxProps) {
  const id = useId();
  const { text, setText, flush } = useDebouncedSearch(committed, onSearch, {
    maxLength: MAX_QUERY_LENGTH,
  });

  return (
    <form
      role="search"
      aria-label={label}
      className={cn('flex flex-col gap-1.5', className)}
      onSubmit={(event) => {
        event.preventDefault();
        flush();
      }}
    >
      <label
        htmlFor={id}
        className={cn('text-sm font-semibold', inverse ? 'text-white' : 'text-stone-800')}
      >
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-stone-500"
          />
          <input
            id={id}
            type="search"
            value={text}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={placeholder}
            onChange={(event) => {
              setText(event.target.value);
            }}
            className="w-full rounded-full bg-white py-3 pr-4 pl-12 text-base text-stone-900 ring-1 ring-stone-300 ring-inset placeholder:text-stone-500"
          />
        </div>
        <Button type="submit" size="lg" variant={inverse ? 'inverse' : 'primary'}>
          Zoeken
        </Button>
      </div>
    </form>
  );
}
