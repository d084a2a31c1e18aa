import { ApiError, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

export const EXPORT_PATH = '/api/users/me/export';
export const EXPORT_FILE = 'oppasmaatje-mijn-gegevens.zip';

/**
 * `GET /api/users/me/export`: the archive of everything stored about the signed-in person, as a
 * file to save. A refusal (once per hour) rejects with the server's Dutch reason.
 */
export async function downloadMyData(): Promise<Blob> {
  const response = await fetch(EXPORT_PATH, { credentials: 'same-origin' });
  if (!response.ok) {
    throw ApiError.fromResponse(response.status, await response.json().catch(() => null));
  }
  return response.blob();
}

/** Hands a file to the browser to save. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

/** `POST /api/users/me/deletion-code`: mails the code that confirms a deletion. */
export async function requestDeletionCode(): Promise<string> {
  return (await unwrap(api.POST('/api/users/me/deletion-code'))).message;
}

/** `POST /api/users/me/deletion`: deletes the account with the code from the e-mail. */
export async function deleteAccount(code: string): Promise<void> {
  await unwrap(api.POST('/api/users/me/deletion', { body: { code } }));
}
