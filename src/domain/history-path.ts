// The history page's address, alone in its module (no imports) so that the route table, a row of
// My QR Codes and the notice email can all name it without pulling the history's CSV and words
// into their code. The page's filters travel in its query (`?code=<saved code's id>&by=<uid>`), so
// a filtered history can be linked to, bookmarked and reloaded.

/** Where the history of printed codes is (src/config/paths.ts names it `history`). */
export const HISTORY_PAGE_PATH = '/UserHistory';

/** The page's filters, as its address keeps them. */
export interface HistoryFilters {
  /** Only the entries of this saved code. */
  readonly code: string | null;
  /** Only the changes this account made. */
  readonly by: string | null;
}

export const NO_FILTERS: HistoryFilters = { code: null, by: null };

/** The page's address with `filters` (a filter left out, or empty, is not in it). */
export function historyHref(filters: Partial<HistoryFilters> = {}): string {
  const query = new URLSearchParams();
  if (filters.code) query.set('code', filters.code);
  if (filters.by) query.set('by', filters.by);
  const search = query.toString();
  return search ? `${HISTORY_PAGE_PATH}?${search}` : HISTORY_PAGE_PATH;
}

/** The history of one code: where a row of My QR Codes, or a notice email, links to. */
export const historyHrefOfCode = (code: string): string => historyHref({ code });

/** The filters an address's query holds (`location.search`, or its parameters). */
export function filtersFrom(search: string | URLSearchParams): HistoryFilters {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  return { code: query.get('code') || null, by: query.get('by') || null };
}
