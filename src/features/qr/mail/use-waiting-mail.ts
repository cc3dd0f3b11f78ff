import { useEffect, useRef, useState } from 'react';
import { mailMessages } from '../../../domain/mail';
import { listMail, onMailChange, removeMail, type MailEntry } from './mail-outbox';

/** The account's emails still on this device (waiting, or refused), kept up to date. */
export function useWaitingMail(uid: string | null): readonly MailEntry[] {
  const [entries, setEntries] = useState<readonly MailEntry[]>([]);
  useEffect(() => {
    let live = true;
    let latest = 0;
    const refresh = async () => {
      const call = ++latest;
      const all = await listMail().catch(() => []);
      // Only the newest read counts: reads can finish out of order.
      if (live && call === latest) setEntries(all.filter((entry) => entry.uid === uid));
    };
    void refresh();
    const stop = onMailChange(() => void refresh());
    return () => {
      live = false;
      stop();
    };
  }, [uid]);
  return entries;
}

/**
 * Follows the kept request `id` (null: none) until it has gone (`onSettled(null)`) or the server
 * refused it (`onSettled(its reason)`, and it is taken out: the form says it).
 */
export function useMailSettled(id: string | null, onSettled: (refusal: string | null) => void) {
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    if (!id) return;
    let live = true;
    const stop = onMailChange(() => {
      void listMail().then((entries) => {
        const entry = entries.find((candidate) => candidate.id === id);
        if (!live || entry?.status === 'queued') return;
        if (entry) void removeMail(entry.id);
        settled.current(entry ? (entry.refusal ?? mailMessages.unavailable) : null);
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, [id]);
}
