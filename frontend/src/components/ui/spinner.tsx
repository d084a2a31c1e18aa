import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * A turning circle. With a label it is a live status that screen readers announce; without one
 * it is decoration beside text that already says what is happening.
 */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const icon = (
    <LoaderCircle aria-hidden="true" className={cn('size-5 shrink-0 animate-spin', className)} />
  );
  if (label === undefined) {
    return icon;
  }
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span>{label}</span>
    </span>
  );
}
