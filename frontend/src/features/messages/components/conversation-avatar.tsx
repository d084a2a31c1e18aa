import { PawPrint } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * A round photo beside a name (decorative: the name is written next to it), or the first letter
 * (a paw for a pet) without one or when it fails to load.
 */
export function Avatar({
  name,
  url,
  pet = false,
  className,
}: {
  name: string;
  url: string | null | undefined;
  pet?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-full font-bold',
    pet ? 'bg-teal-100 text-teal-900' : 'bg-orange-100 text-orange-900',
    className,
  );
  if (url && url !== failed) {
    return (
      <img
        src={url}
        alt=""
        onError={() => {
          setFailed(url);
        }}
        className={cn(classes, 'object-cover')}
      />
    );
  }
  return (
    <span aria-hidden="true" className={classes}>
      {pet ? <PawPrint className="size-1/2" /> : name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** The other person's photo, with the pet's in a corner when the conversation is about one. */
export function ConversationAvatar({
  name,
  avatarUrl,
  petName,
  petAvatarUrl,
  isOnline,
  size = 'md',
}: {
  name: string;
  avatarUrl: string | null | undefined;
  petName: string | null | undefined;
  petAvatarUrl: string | null | undefined;
  isOnline: boolean;
  size?: 'md' | 'sm';
}) {
  return (
    <span className="relative shrink-0">
      <Avatar
        name={name}
        url={avatarUrl}
        className={cn('ring-2 ring-white', size === 'md' ? 'size-12 text-lg' : 'size-10 text-base')}
      />
      {petName && (
        <Avatar
          name={petName}
          url={petAvatarUrl}
          pet
          className="absolute -right-1.5 -bottom-1.5 size-6 text-xs ring-2 ring-white"
        />
      )}
      {isOnline && (
        <span
          role="img"
          aria-label="Online"
          title="Online"
          className="absolute -top-0.5 -right-0.5 size-3.5 rounded-full bg-green-600 ring-2 ring-white"
        />
      )}
    </span>
  );
}
