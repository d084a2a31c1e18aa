import { User } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * A round picture of the user, or a person icon without one or when it fails to load (a
 * provider's picture may be gone or blocked by the page's image policy).
 */
export function UserAvatar({ src, className }: { src: string | null; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = cn('size-9 shrink-0 rounded-full', className);

  if (src === null || src === failedSrc) {
    return (
      <span
        className={cn(classes, 'flex items-center justify-center bg-orange-100 text-orange-800')}
      >
        <User aria-hidden="true" className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      onError={() => {
        setFailedSrc(src);
      }}
      className={cn(classes, 'object-cover')}
    />
  );
}
