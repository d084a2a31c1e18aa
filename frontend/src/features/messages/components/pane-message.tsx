import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A quiet message in the middle of a pane: empty, nothing found, failed. */
export function PaneMessage({
  icon: Icon,
  title,
  role,
  children,
}: {
  icon: LucideIcon;
  title: string;
  role?: 'status' | 'alert';
  children?: ReactNode;
}) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-stone-700">
      <span className="flex size-12 items-center justify-center rounded-full bg-orange-100 text-orange-800">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p role={role} className="max-w-xs font-semibold text-stone-900">
        {title}
      </p>
      {children}
    </div>
  );
}
