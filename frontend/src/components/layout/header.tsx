import { Menu, PawPrint, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { navItems, phoneMenuItems, type NavItem } from '@/components/layout/nav-items';
import { UserWidget } from '@/components/layout/user-widget';
import { paths } from '@/config/paths';
import { useProfileLookup } from '@/lib/auth/api/get-profile-lookup';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/cn';
import { useUnreadCount } from '@/lib/messaging/get-unread-count';

const MOBILE_MENU_ID = 'mobiel-menu';

/** The sticky bar with the logo, the main navigation and the user widget. */
export function Header() {
  const { user } = useAuth();
  const { data: lookup = null } = useProfileLookup(user?.id ?? null);
  const unread = useUnreadCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const items = navItems(user, lookup, unread);
  const phoneItems = [...items, ...phoneMenuItems(user)];
  const toggleLabel = menuOpen ? 'Menu sluiten' : 'Menu openen';
  const closeMenu = () => {
    setMenuOpen(false);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-orange-100 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link
          to={user ? paths.dashboard : paths.home}
          className="flex items-center gap-2.5 rounded-2xl text-xl font-extrabold tracking-tight text-stone-900"
        >
          <span className="flex size-10 items-center justify-center rounded-2xl bg-orange-700 text-white">
            <PawPrint aria-hidden="true" className="size-6" />
          </span>
          Oppasmaatje
        </Link>

        <nav aria-label="Hoofdmenu" className="hidden md:block">
          <NavList items={items} className="flex items-center gap-1" />
        </nav>

        <div className="flex items-center gap-2">
          <UserWidget profile={lookup} />
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={unread ? `${toggleLabel}, ${unread} ongelezen` : toggleLabel}
            onClick={() => {
              setMenuOpen((open) => !open);
            }}
            className="relative flex size-11 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100 md:hidden"
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            {unread ? (
              <UnreadBadge count={unread} className="absolute -top-0.5 -right-0.5" />
            ) : null}
          </button>
        </div>
      </div>

      <nav
        id={MOBILE_MENU_ID}
        aria-label="Hoofdmenu"
        hidden={!menuOpen}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            closeMenu();
            // The focused link disappears with the menu; the toggle is where the user came from.
            toggleRef.current?.focus();
          }
        }}
        className="border-t border-orange-100 px-4 pt-2 pb-4 md:hidden"
      >
        <NavList items={phoneItems} onNavigate={closeMenu} className="flex flex-col gap-1" />
      </nav>
    </header>
  );
}

function NavList({
  items,
  onNavigate,
  className,
}: {
  items: NavItem[];
  onNavigate?: () => void;
  className: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.label}>
          <NavLink
            to={item.to}
            end={item.end ?? false}
            onClick={onNavigate}
            aria-label={item.unread ? `${item.label}, ${item.unread} ongelezen` : undefined}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-2 rounded-full px-4 py-2 font-semibold transition-colors',
                isActive
                  ? 'bg-orange-100 text-orange-900'
                  : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
              )
            }
          >
            {item.label}
            {item.unread ? <UnreadBadge count={item.unread} /> : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The number of unread messages beside 'Berichten' and on the phone's menu button (their names
 * say it in words).
 */
function UnreadBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'min-w-6 rounded-full bg-orange-700 px-1.5 py-0.5 text-center text-xs leading-4 font-bold text-white',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
