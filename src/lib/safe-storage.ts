// Session and local storage that never throw. With site data blocked (a browser setting, some
// privacy modes) merely reading `window.sessionStorage` throws a SecurityError, and a full storage
// throws on write; nothing the app keeps there is worth breaking a page for, so each call here
// answers as if the storage were empty, or reports that it could not write.

export interface SafeStorage {
  /** The stored value, or null when there is none or the storage cannot be read. */
  get(key: string): string | null;
  /** Whether the value was written (false: storage blocked or full). */
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

/** Wraps the storage `open` returns; `open` is called on each use, as the getter itself may throw. */
export function safeStorage(open: () => Storage): SafeStorage {
  const attempt = <T>(task: (storage: Storage) => T, fallback: T): T => {
    try {
      return task(open());
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => attempt((storage) => storage.getItem(key), null),
    set: (key, value) =>
      attempt((storage) => {
        storage.setItem(key, value);
        return true;
      }, false),
    remove: (key) => attempt((storage) => storage.removeItem(key), undefined),
  };
}

export const safeSessionStorage = safeStorage(() => globalThis.sessionStorage);
export const safeLocalStorage = safeStorage(() => globalThis.localStorage);
