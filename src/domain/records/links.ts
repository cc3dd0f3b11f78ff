// A short link's document, dynamic/{id}, described once for every side that touches it: the server
// that makes, points and retires it (functions/src/link-sync.ts), the redirect that reads it at
// each scan (link-reader.ts), the owner's page (My QR Codes, the data download), the account's
// deletion, the company's switch (scripts/admin/link-admin.mjs) and the bench. Its paths, the one
// reader of what Firestore gives back, and what the server stores. No client writes it
// (firestore.rules); its owner reads it.
import { readHealth, type DestinationHealth } from '../qr/destination-health';
import type { Destination } from '../qr/landing';
import { destinationFields, destinationOf, type LinkView } from '../qr/link-policy';

/** The short links: a document's id is the link's, the part after /q/. */
export const LINKS = 'dynamic';

export const linkPath = (id: string) => `${LINKS}/${id}`;

/** A link's documents only the server reads and writes (no rule matches them). */
export const LINK_PRIVATE = 'private';

export const linkPrivatePath = (id: string) => `${linkPath(id)}/${LINK_PRIVATE}`;

/** The hash of the link's password (functions/src/passwords.ts). */
export const linkPasswordPath = (id: string) => `${linkPrivatePath(id)}/password`;

/**
 * The count of wrong passwords tried on the link: of everyone (`who` null), or of one client or
 * peer (`who` its key, as passwords.ts names it).
 */
export const linkAttemptsPath = (id: string, who: string | null) =>
  `${linkPrivatePath(id)}/attempts${who === null ? '' : `-${who}`}`;

/** A short link as stored, read defensively: what every reader of dynamic/{id} goes by. */
export interface LinkRecord {
  readonly id: string;
  readonly owner: string;
  /** The saved code (users/{owner}/codes/{code}) it belongs to; null when the document names none. */
  readonly code: string | null;
  /**
   * Where it sends a scan (stored as `target` or `page`, with its `schedule`); null when it has
   * none that this version reads, which leads nowhere until its code is saved again.
   */
  readonly destination: Destination | null;
  /** Retired, its code deleted or made static (`deletedAt`): it answers "no longer active". */
  readonly deleted: boolean;
  /** Switched off by the company (`disabled`: who, when, why): it answers a warning page. */
  readonly disabled: boolean;
  /** It asks for a password first (access.ts)... */
  readonly locked: boolean;
  /** ...which has reached the server (until then the link opens for nobody)... */
  readonly passwordSet: boolean;
  /** ...in this version: a browser let in by another one is asked again (passwords.ts). */
  readonly passwordVersion: string;
  /** Its destination is checked daily (`watch`, which its owners may turn off). */
  readonly watched: boolean;
  /** What the checks of its destination found (`health`); null: not checked yet. */
  readonly health: DestinationHealth | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The link `id` as its document `data` holds it; null when there is no document or it has no
 * owner. The one place the stored fields become "deleted, switched off, locked".
 */
export function readLink(id: string, data: unknown): LinkRecord | null {
  if (!isRecord(data) || typeof data.owner !== 'string') return null;
  return {
    id,
    owner: data.owner,
    code: typeof data.code === 'string' ? data.code : null,
    destination: destinationOf(data),
    // Retired and switched off are kept as what happened (a time; who, when and why), so any
    // value but "none" counts; a switch-on stores null (link-admin.mjs), never false, but an old
    // false still reads as on.
    deleted: data.deletedAt != null,
    disabled: data.disabled != null && data.disabled !== false,
    locked: data.locked === true,
    passwordSet: data.passwordSet === true,
    passwordVersion: typeof data.passwordVersion === 'string' ? data.passwordVersion : '',
    watched: data.watch !== false,
    health: readHealth(data.health),
  };
}

/** The link as its owners see it in an answer of the links API; null when it leads nowhere. */
export const viewOfLink = (link: LinkRecord): LinkView | null =>
  link.destination && {
    id: link.id,
    destination: link.destination,
    deleted: link.deleted,
    disabled: link.disabled,
    locked: link.locked,
    passwordSet: link.passwordSet,
  };

/** What the server stores when a link's owners turn its daily check on or off. */
export const watchedLink = <Stamp>(watch: boolean, stamp: Stamp) => ({ watch, updatedAt: stamp });

/** A link as its owner sees it, keyed by the code it belongs to. */
export interface CodeLink extends LinkView {
  /** The saved code (users/{uid}/codes/{code}) it belongs to. */
  readonly code: string;
  /** Its destination is checked daily. */
  readonly watched: boolean;
  /** What the checks of its destination found; null: not checked yet. */
  readonly health: DestinationHealth | null;
}

/**
 * The owner's links by the id of their code, from their documents: a link with no code or no
 * destination is left out, and should an older retired link of a code linger, the live one wins
 * (a code has one link).
 */
export function linksByCode(
  documents: Iterable<{ readonly id: string; data(): unknown }>,
): Map<string, CodeLink> {
  const links = new Map<string, CodeLink>();
  for (const document of documents) {
    const link = readLink(document.id, document.data());
    if (!link?.code || !link.destination) continue;
    const { id, code, destination, deleted, disabled, locked, passwordSet, watched, health } = link;
    const known = links.get(code);
    if (!known || (known.deleted && !deleted)) {
      links.set(code, {
        id,
        code,
        destination,
        deleted,
        disabled,
        locked,
        passwordSet,
        watched,
        health,
      });
    }
  }
  return links;
}

/**
 * What the server stores for a new link of `owner`'s code `code`: live, on, its password not yet
 * set. `stamp` is the time of the write (the server's own timestamp, or a fixed one in a test).
 */
export const newLink = <Stamp>(
  {
    owner,
    code,
    destination,
    locked,
  }: {
    readonly owner: string;
    readonly code: string;
    readonly destination: Destination;
    readonly locked: boolean;
  },
  stamp: Stamp,
) => ({
  owner,
  code,
  ...destinationFields(destination),
  locked,
  passwordSet: false,
  deletedAt: null,
  disabled: null,
  createdAt: stamp,
  updatedAt: stamp,
});

/** What the server changes to point a link (back) at its code's destination: live again. */
export const pointedLink = <Stamp>(destination: Destination, locked: boolean, stamp: Stamp) => ({
  ...destinationFields(destination),
  locked,
  deletedAt: null,
  updatedAt: stamp,
});

/** What the server changes to retire a link: its id is never given out again. */
export const retiredLink = <Stamp>(stamp: Stamp) => ({ deletedAt: stamp, updatedAt: stamp });

/**
 * What the company's switch stores: switched off (who, when, why) or, with null, on again.
 * Switched on, a link its owner retired stays retired.
 */
export const switchedLink = <Stamp>(
  disabled: { readonly reason: string; readonly at: Stamp; readonly by: string } | null,
  stamp: Stamp,
) => ({ disabled, updatedAt: stamp });

/**
 * What is kept of a link whose account is gone (functions/src/account-delete.ts): enough for the
 * redirect to answer "no longer active" (it reads a link with an owner and a destination: both
 * empty here) and for the id to stay taken, never to be minted again. When it was made and
 * retired, and the company's switch-off if any, stay from `stored`.
 */
export const linkTombstone = <Stamp>(
  stored: {
    readonly deletedAt?: unknown;
    readonly disabled?: unknown;
    readonly createdAt?: unknown;
  },
  stamp: Stamp,
) => ({
  owner: '',
  code: null,
  target: '',
  page: null,
  schedule: null,
  locked: false,
  passwordSet: false,
  deletedAt: stored.deletedAt ?? stamp,
  disabled: stored.disabled ?? null,
  createdAt: stored.createdAt ?? stamp,
  updatedAt: stamp,
  accountDeletedAt: stamp,
});
