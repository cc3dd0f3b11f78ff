// Files the page makes (a code's picture, a CSV, an invoice) handed to the browser to save.

/** Saves a file through a download link (the one way that works in every browser, iOS included). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  // Firefox follows only a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: Safari reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
