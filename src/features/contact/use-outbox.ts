import { useCallback, useEffect, useRef, useState } from 'react';
import {
  onOutboxChange,
  readOutbox,
  type OutboxEntry,
  type UnreadableEntry,
} from '../../lib/outbox/outbox';
import { safeSessionStorage } from '../../lib/safe-storage';

const MINE_KEY = 'kcw-outbox-mine';

/**
 * The enquiries this tab sent that were kept to be sent later (for the tab's life, across
 * reloads): only those get a "sent" notice when delivered, not another tab's that this one merely
 * listed as waiting, nor one whose first send the form reports itself.
 */
export const sentFromThisTab = {
  add(id: string) {
    safeSessionStorage.set(MINE_KEY, JSON.stringify([...this.list(), id].slice(-20)));
  },
  has(id: string) {
    return this.list().includes(id);
  },
  list(): string[] {
    try {
      const ids: unknown = JSON.parse(safeSessionStorage.get(MINE_KEY) ?? '[]');
      return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  },
};

export interface OutboxView {
  readonly entries: OutboxEntry[];
  /** Entries that cannot be read, so are never sent: the person is shown them to remove. */
  readonly unreadable: UnreadableEntry[];
  /** When `entries` were read (ms since the epoch), to judge how long each has waited. */
  readonly readAt: number;
  /**
   * False once the outbox could not be read or written (IndexedDB blocked, or storage full):
   * nothing can wait on this device, for the rest of this page's life.
   */
  readonly available: boolean;
  /** Says the outbox could not keep an enquiry (a submit found it unusable). */
  readonly unavailable: () => void;
}

/**
 * The enquiries waiting in the outbox, kept up to date as they are sent (here, in another tab or
 * by the service worker). `onDelivered` hears of each one sent from this tab (sentFromThisTab)
 * that was waiting and has now been delivered.
 */
export function useOutbox(onDelivered: () => void = () => {}): OutboxView {
  const [{ entries, unreadable, readAt }, setRead] = useState<
    Pick<OutboxView, 'entries' | 'unreadable' | 'readAt'>
  >({ entries: [], unreadable: [], readAt: 0 });
  const [available, setAvailable] = useState(true);
  const shown = useRef<readonly OutboxEntry[]>([]);
  const delivered = useRef(onDelivered);
  useEffect(() => {
    delivered.current = onDelivered;
  });

  useEffect(() => {
    let live = true;
    let latest = 0;
    const refresh = async () => {
      const call = ++latest;
      const next = await readOutbox().catch(() => null);
      // Only the newest read counts: reads can finish out of order.
      if (live && call === latest) {
        shown.current = next?.entries ?? [];
        setRead({ ...(next ?? { entries: [], unreadable: [] }), readAt: Date.now() });
        if (next === null) setAvailable(false);
      }
    };
    void refresh();
    const stop = onOutboxChange((change) => {
      // Only enquiries this page showed as waiting: not another tab's that went straight out.
      const wasWaiting = shown.current.some(
        (entry) => entry.id === change.id && entry.status === 'queued',
      );
      if (change.kind === 'sent' && wasWaiting && sentFromThisTab.has(change.id)) {
        delivered.current();
      }
      void refresh();
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  const unavailable = useCallback(() => setAvailable(false), []);
  return { entries, unreadable, readAt, available, unavailable };
}
