/** A positive whole number as written in an address, else null. */
export function parseProfileId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** A pet's id as written in its address, where a `pet-` prefix is allowed. */
export function parsePetId(raw: string | undefined): number | null {
  return parseProfileId(raw?.replace(/^pet-/, ''));
}
