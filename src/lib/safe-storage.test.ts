import { describe, expect, it } from 'vitest';
import { safeStorage } from './safe-storage';

/** A Storage in memory, as a browser's. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const securityError = () => new DOMException('The operation is insecure.', 'SecurityError');

describe('safeStorage', () => {
  it('reads, writes and removes through a working storage', () => {
    const backing = memoryStorage();
    const storage = safeStorage(() => backing);
    expect(storage.get('key')).toBeNull();
    expect(storage.set('key', 'value')).toBe(true);
    expect(backing.getItem('key')).toBe('value');
    expect(storage.get('key')).toBe('value');
    storage.remove('key');
    expect(storage.get('key')).toBeNull();
  });

  it('never throws when the storage itself cannot be reached (site data blocked)', () => {
    const storage = safeStorage(() => {
      throw securityError();
    });
    expect(storage.get('key')).toBeNull();
    expect(storage.set('key', 'value')).toBe(false);
    expect(() => storage.remove('key')).not.toThrow();
  });

  it('never throws when each call on the storage throws (blocked or full)', () => {
    const throwing: Storage = {
      ...memoryStorage(),
      getItem: () => {
        throw securityError();
      },
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => {
        throw securityError();
      },
    };
    const storage = safeStorage(() => throwing);
    expect(storage.get('key')).toBeNull();
    expect(storage.set('key', 'value')).toBe(false);
    expect(() => storage.remove('key')).not.toThrow();
  });

  it('opens the storage on each call, so one that comes back is used again', () => {
    let blocked = true;
    const backing = memoryStorage();
    const storage = safeStorage(() => {
      if (blocked) throw securityError();
      return backing;
    });
    expect(storage.set('key', 'value')).toBe(false);
    blocked = false;
    expect(storage.set('key', 'value')).toBe(true);
    expect(storage.get('key')).toBe('value');
  });
});
