import { useEffect, useRef, useState } from 'react';
import { listOutbox, onOutboxChange, type OutboxEntry } from '../../lib/outbox/outbox';

/**
 * The enquiries waiting in the outbox, kept up to date as they are sent (here, in another tab or
 * by the service worker). `onDelivered` hears of each one that has been delivered.
 */
export function useOutbox(onDelivered: () => void): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const delivered = useRef(onDelivered);
  useEffect(() => {
    delivered.current = onDelivered;
  });

  useEffect(() => {
    let live = true;
    const refresh = async () => {
      const next = await listOutbox().catch(() => []);
      if (live) setEntries(next);
    };
    void refresh();
    const stop = onOutboxChange((change) => {
      if (change.kind === 'sent') delivered.current();
      void refresh();
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  return entries;
}
