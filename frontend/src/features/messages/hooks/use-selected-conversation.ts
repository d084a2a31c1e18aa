import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'conversation';

/** A conversation id as written in the address, else null. */
function parseId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The open conversation, kept in the address (`?conversation={id}`) so that a link, a reload and
 * the Back button all work.
 */
export function useSelectedConversation() {
  const [search, setSearch] = useSearchParams();
  const selectedId = parseId(search.get(PARAM));

  const select = useCallback(
    (id: number | null) => {
      setSearch((current) => {
        const next = new URLSearchParams(current);
        if (id === null) {
          next.delete(PARAM);
        } else {
          next.set(PARAM, String(id));
        }
        return next;
      });
    },
    [setSearch],
  );

  return { selectedId, select };
}

/** The address of a conversation on /berichten, for links. */
export function conversationSearch(id: number): string {
  return `?${new URLSearchParams({ [PARAM]: String(id) }).toString()}`;
}
