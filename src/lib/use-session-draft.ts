import { useState } from 'react';
import { safeSessionStorage } from './safe-storage';

/**
 * State that is also written to sessionStorage on every change, so a reload (or the app's own
 * update reload) gives back what was typed. Session storage, not local: a form half filled on a
 * shared computer is gone once its tab is closed. Fields missing from what was stored, or stored
 * with another type, fall back to `initial`.
 */
export function useSessionDraft<T extends object>(key: string, initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => restore(key, initial));
  const update = (next: T) => {
    setValue(next);
    // Storage full or blocked: the draft still lives in the page.
    safeSessionStorage.set(key, JSON.stringify(next));
  };
  return [value, update];
}

function restore<T extends object>(key: string, initial: T): T {
  try {
    const stored: unknown = JSON.parse(safeSessionStorage.get(key) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return initial;
    const entries = Object.entries(initial).map(([field, fallback]) => {
      const saved = (stored as Record<string, unknown>)[field];
      return [field, typeof saved === typeof fallback ? saved : fallback];
    });
    return Object.fromEntries(entries) as T;
  } catch {
    return initial;
  }
}
