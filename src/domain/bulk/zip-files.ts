// The files of the bulk ZIP: names that are safe on every system and never collide once unpacked,
// and which files are worth compressing.
import { fileBaseName, MAX_NAME } from '../file-name';

/** A trailing extension: a few letters or digits, at least one a letter ("2.0" is no extension). */
const EXTENSION = /\.(?=[a-z0-9]{0,4}[a-z])[a-z0-9]{1,5}$/i;

function split(name: string): { stem: string; extension: string } {
  const match = EXTENSION.exec(name.trim());
  if (!match) return { stem: fileBaseName(name), extension: '' };
  return {
    stem: fileBaseName(name.trim().slice(0, match.index)),
    extension: match[0].toLowerCase(),
  };
}

/**
 * Each name made safe as `fileBaseName` makes a download's, and different from all the others:
 * a repeated name gets `-2`, `-3`… before its extension (`menu.png`, `menu-2.png`). Names are
 * compared as Windows and macOS compare them, letter case aside, and a name given as it is keeps
 * it even when an earlier repeat could have taken it (`menu`, `menu`, `menu-2` gives `menu`,
 * `menu-3`, `menu-2`). In the order given.
 */
export function uniqueFileNames(names: readonly string[]): string[] {
  const parts = names.map(split);
  const key = (stem: string, extension: string) => `${stem}${extension}`.toLowerCase();
  const taken = new Set<string>();
  const keeps = parts.map(({ stem, extension }) => {
    const own = key(stem, extension);
    if (taken.has(own)) return false;
    taken.add(own);
    return true;
  });
  // The next number to try for each repeated name, so many repeats do not count up from 2 again.
  const next = new Map<string, number>();
  return parts.map(({ stem, extension }, index) => {
    if (keeps[index]) return `${stem}${extension}`;
    const own = key(stem, extension);
    for (let number = next.get(own) ?? 2; ; number++) {
      const suffix = `-${number}`;
      const numbered = fileBaseName([...stem].slice(0, MAX_NAME - suffix.length).join('') + suffix);
      if (!taken.has(key(numbered, extension))) {
        taken.add(key(numbered, extension));
        next.set(own, number + 1);
        return `${numbered}${extension}`;
      }
    }
  });
}

/** Formats that are compressed already: deflating them again costs time and saves nothing. */
const COMPRESSED = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif', 'zip']);

/** Whether a file goes into the ZIP as it is (stored) rather than deflated. */
export function storedInZip(path: string): boolean {
  const extension = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();
  return extension !== undefined && COMPRESSED.has(extension);
}
