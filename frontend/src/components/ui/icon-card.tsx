import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

export interface IconCardProps {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A list item card with an icon, a short title and a line of text: a reason, a benefit. */
export function IconCard({ icon: Icon, title, text }: IconCardProps) {
  return (
    <Card as="li" className="flex flex-col gap-4">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-orange-100 text-orange-800">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="text-lg font-bold text-stone-900">{title}</h3>
      <p className="leading-relaxed text-stone-700">{text}</p>
    </Card>
  );
}
