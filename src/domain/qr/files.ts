// What each upload accepts and how large it may be. Checked by content type and
// by extension: a browser that reports no type (some systems do) is judged by the extension alone.
// The size limits are ours (the old site had none): big enough for a restaurant menu scan or a
// short phone video, small enough to keep in the browser's storage as a draft.

export interface FileKind {
  /** Said in messages: 'a PDF', 'an image'. */
  readonly noun: string;
  readonly mimeTypes: readonly string[];
  /** Type prefixes such as 'image/'. */
  readonly mimePrefixes: readonly string[];
  readonly extensions: readonly string[];
  readonly maxBytes: number;
  /** For the file picker's `accept`. */
  readonly accept: string;
}

const MB = 1024 * 1024;

// No SVG: a hosted file is served from the site's own origin, and an SVG can carry script.
const imageExtensions = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.bmp'];

function kind(
  noun: string,
  maxMb: number,
  mimeTypes: readonly string[],
  mimePrefixes: readonly string[],
  extensions: readonly string[],
): FileKind {
  return {
    noun,
    mimeTypes,
    mimePrefixes,
    extensions,
    maxBytes: maxMb * MB,
    accept: [...mimeTypes, ...mimePrefixes.map((prefix) => `${prefix}*`), ...extensions].join(','),
  };
}

export const fileKinds = {
  pdf: kind('a PDF', 20, ['application/pdf'], [], ['.pdf']),
  video: kind('a video', 200, [], ['video/'], ['.mp4', '.webm', '.mov', '.m4v', '.ogv', '.mkv']),
  image: kind('an image', 10, [], ['image/'], imageExtensions),
  audio: kind(
    'an audio file',
    30,
    [],
    ['audio/'],
    ['.mp3', '.m4a', '.aac', '.wav', '.ogg', '.oga', '.opus', '.flac', '.weba'],
  ),
  menu: kind(
    'a PDF or an image',
    20,
    ['application/pdf'],
    ['image/'],
    ['.pdf', ...imageExtensions],
  ),
  logo: kind('an image', 1, [], ['image/'], ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg']),
} as const satisfies Record<string, FileKind>;

export type FileKindId = keyof typeof fileKinds;

/** '1 MB', '20 MB', '512 KB', '5.3 MB', '1 GB'. */
export function formatBytes(bytes: number): string {
  const kilobytes = Math.max(1, Math.round(bytes / 1024));
  if (kilobytes < 1024) return `${kilobytes} KB`;
  if (bytes >= 1024 * MB) {
    const gb = bytes / (1024 * MB);
    return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
  }
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

export interface FileFacts {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

/** Why a file cannot be used here, or undefined when it can. */
export function checkFile(kind: FileKind, file: FileFacts): string | undefined {
  const name = file.name.toLowerCase();
  const extensionOk = kind.extensions.some((extension) => name.endsWith(extension));
  const type = file.type.toLowerCase();
  const typeOk =
    type === '' ||
    kind.mimeTypes.includes(type) ||
    kind.mimePrefixes.some((prefix) => type.startsWith(prefix));
  if (!extensionOk || !typeOk) {
    return `"${file.name}" is not ${kind.noun}. Please choose ${kind.noun} (${kind.extensions.join(', ')}).`;
  }
  if (file.size > kind.maxBytes) {
    const limit = formatBytes(kind.maxBytes);
    const shown = formatBytes(file.size);
    // 1 MB and a few bytes still reads "1.0 MB": say "just over" rather than seem to agree.
    const size = parseFloat(shown) <= parseFloat(limit) ? `just over ${limit}` : shown;
    return `"${file.name}" is ${size}; the limit is ${limit}. Please choose a smaller file.`;
  }
  if (file.size === 0) return `"${file.name}" is empty. Please choose another file.`;
  return undefined;
}

/** What a preview can show of a file: by its type, or by its extension when it has none. */
export function previewKind(type: string, name: string): 'image' | 'video' | 'audio' | 'pdf' {
  const lower = name.toLowerCase();
  const named = (kind: FileKind) => !type && kind.extensions.some((ext) => lower.endsWith(ext));
  if (type === 'application/pdf' || named(fileKinds.pdf)) return 'pdf';
  if (type.startsWith('video/') || named(fileKinds.video)) return 'video';
  if (type.startsWith('audio/') || named(fileKinds.audio)) return 'audio';
  return 'image';
}
