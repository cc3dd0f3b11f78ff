import { useEffect, useState } from 'react';

/** A blob: URL for a file while it is shown, revoked when the file changes or goes. */
export function useObjectUrl(file: Blob | null | undefined): string | null {
  const [entry, setEntry] = useState<{ file: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    // The URL is a resource outside React, made and released with the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEntry({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return entry && entry.file === file ? entry.url : null;
}
