import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/use-auth';

export const EXPORT_FILE = 'oppasmaatje-mijn-gegevens.zip';

/**
 * `GET /api/users/me/export`: the archive of everything stored about the signed-in person, as a
 * file to save. A refusal (once per hour) rejects with the server's Dutch reason.
 */
export function downloadMyData(): Promise<Blob> {
  return unwrap(api.GET('/api/users/me/export', { parseAs: 'blob' }));
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

/** Downloads the archive and hands it to the browser to save. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      saveFile(await downloadMyData(), EXPORT_FILE);
    },
  });
}

/** Asks for the code that confirms a deletion; resolves to what the server says it did. */
export function useRequestDeletionCode() {
  return useMutation({ mutationFn: requestDeletionCode });
}

/**
 * Deletes the account with the code from the e-mail, then signs out and goes to the page that
 * says it is done: the mutation ends there, whatever the page that started it shows by then.
 */
export function useDeleteAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (code: string) => {
      await deleteAccount(code);
      await logout();
      await navigate(paths.accountDeleted, { replace: true });
    },
  });
}
