import { Input, type InputProps } from '@/components/ui/input';

/** One of the two date fields: everything an input takes but its type and the bound it gets. */
type DateFieldProps = Omit<InputProps, 'type' | 'label' | 'min'>;

/**
 * A first and a last day side by side ('Van', 'Tot en met', both included); the last cannot be
 * picked before `start`, the first as chosen ('' while it is empty).
 */
export function DateRange({
  start,
  from,
  until,
}: {
  start: string;
  from: DateFieldProps;
  until: DateFieldProps;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <Input type="date" label="Van" {...from} />
      <Input type="date" label="Tot en met" min={start || undefined} {...until} />
    </div>
  );
}
