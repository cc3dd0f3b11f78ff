/** A message the page shows as it is. */
export class DownloadError extends Error {}
