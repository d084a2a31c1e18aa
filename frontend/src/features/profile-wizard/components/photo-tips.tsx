import { Lightbulb } from 'lucide-react';

/** The photo step's advice, with the accepted formats and size, before a photo is chosen. */
export function PhotoTips() {
  return (
    <div className="flex gap-3 rounded-2xl bg-amber-50 p-4 text-stone-800 ring-1 ring-amber-200">
      <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-semibold">Tips voor een goede foto</p>
        <ul className="list-disc pl-5">
          <li>Kies een recente, scherpe foto bij daglicht.</li>
          <li>Zorg dat het gezicht goed te zien is.</li>
          <li>Je kunt JPG, PNG en GIF afbeeldingen uploaden tot 5 MB.</li>
        </ul>
      </div>
    </div>
  );
}
