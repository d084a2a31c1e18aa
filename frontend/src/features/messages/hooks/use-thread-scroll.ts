import { useCallback, useLayoutEffect, useRef, type UIEvent } from 'react';
import type { MessageItem } from '@/features/messages/api/get-thread';

/** Within this many pixels of an edge counts as being there. */
const EDGE_PX = 80;

interface ThreadScrollOptions {
  messages: MessageItem[];
  /** Whether older messages can be loaded, and whether they are being loaded. */
  canLoadOlder: boolean;
  loadOlder: () => void;
}

interface Measure {
  first: number;
  last: number;
  height: number;
}

/**
 * The scrolling of a thread: it opens at the newest message; a new message scrolls into view
 * when the reader was at the bottom (or wrote it); reaching the top loads older messages, which
 * appear above without moving what is on screen.
 */
export function useThreadScroll({ messages, canLoadOlder, loadOlder }: ThreadScrollOptions) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const measured = useRef<Measure | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    const first = messages[0];
    const last = messages.at(-1);
    if (element === null || first === undefined || last === undefined) {
      measured.current = null;
      return;
    }
    const before = measured.current;
    if (before === null) {
      element.scrollTop = element.scrollHeight;
    } else if (first.id !== before.first && last.id === before.last) {
      // Older messages above: keep the same messages in view.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last.id !== before.last && (atBottom.current || last.isOwn)) {
      element.scrollTop = element.scrollHeight;
    }
    measured.current = { first: first.id, last: last.id, height: element.scrollHeight };
  }, [messages]);

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      const element = event.currentTarget;
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
      if (measured.current !== null) {
        measured.current.height = element.scrollHeight;
      }
      if (element.scrollTop < EDGE_PX && canLoadOlder) {
        loadOlder();
      }
    },
    [canLoadOlder, loadOlder],
  );

  return { ref, onScroll };
}
