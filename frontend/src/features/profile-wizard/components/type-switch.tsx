import type { ProfileType } from '@/lib/profile-type';

const TYPE_CHOICES: { type: ProfileType; label: string }[] = [
  { type: 'huisdier', label: 'Ik zoek een oppas' },
  { type: 'vrijwilliger', label: 'Ik wil oppassen' },
];

/** Which profile this becomes; it can change until the profile is saved. */
export function TypeSwitch({
  type,
  onChange,
}: {
  type: ProfileType;
  onChange: (type: ProfileType) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-stone-800">Welk profiel maak je?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {TYPE_CHOICES.map((choice) => (
          <label
            key={choice.type}
            className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
          >
            <input
              type="radio"
              name="profiel-soort"
              value={choice.type}
              checked={type === choice.type}
              className="size-5 accent-orange-700"
              onChange={() => {
                onChange(choice.type);
              }}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
