import { LogOut, Settings, ShieldCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '@/components/layout/user-avatar';
import { buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { ProfileLookup } from '@/lib/auth/api/get-profile-lookup';
import { useAuth } from '@/lib/auth/use-auth';
import { avatarUrlOf, firstNameOf } from '@/lib/auth/user-display';

/** Who is signed in, with the way out; or the way in for a visitor. */
export function UserWidget({ profile = null }: { profile?: ProfileLookup | null }) {
  const { user, isPending, logout } = useAuth();
  const navigate = useNavigate();

  if (isPending) {
    return <Spinner label="Laden..." className="text-orange-700" />;
  }

  if (user === null) {
    return (
      <Link to={paths.login} className={buttonStyles({ variant: 'primary', size: 'sm' })}>
        Inloggen
      </Link>
    );
  }

  return (
    <div className="flex items-center gap-1">
      <Link
        to={paths.dashboard}
        className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 font-semibold text-stone-800 hover:bg-stone-100 sm:pr-3"
      >
        <UserAvatar src={avatarUrlOf(user, profile)} />
        <span className="sr-only max-w-40 truncate sm:not-sr-only">
          {firstNameOf(user)}
          {user.temporary && ' (temp)'}
        </span>
      </Link>
      {user.is_moderator && (
        <Link
          to={paths.moderation}
          title="Meldingen (beheer)"
          // Below md the menu button takes the room; the dashboard links here.
          className="hidden size-10 md:flex items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900"
        >
          <ShieldCheck aria-hidden="true" className="size-5" />
          <span className="sr-only">Meldingen (beheer)</span>
        </Link>
      )}
      <Link
        to={paths.settings}
        title="Instellingen"
        // Below md the menu button takes the room; the dashboard links here.
        className="hidden size-10 md:flex items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        <Settings aria-hidden="true" className="size-5" />
        <span className="sr-only">Instellingen</span>
      </Link>
      <button
        type="button"
        title="Uitloggen"
        onClick={() => {
          void logout();
          void navigate(paths.home);
        }}
        className="flex size-10 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        <LogOut aria-hidden="true" className="size-5" />
        <span className="sr-only">Uitloggen</span>
      </button>
    </div>
  );
}
