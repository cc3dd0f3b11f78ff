// Links out of step with their codes: a write made offline in an earlier visit, or an ask the
// network lost, leaves a dynamic code whose short link does not say what the code says (or a link
// whose code is gone). My QR Codes hands each listing from the server to reconcileLinks, one call,
// and the syncer asks the server about each such link (the server reads both and puts it right).
import type { SavedCode } from '../../../domain/qr/saved-code';
import type { DynamicLink } from './dynamic-links';
import { linkOutOfStep, linkSignature } from './link-state';
import { linkSyncer, type LinkSyncer } from './link-syncer';

/** A listing of the account's codes and their links, from the server (not the device's cache). */
export interface CodesListing {
  readonly codes: readonly SavedCode[];
  /** Codes with a write still on its way: the store asks about them once it is stored. */
  readonly pendingIds: ReadonlySet<string>;
  readonly links: ReadonlyMap<string, DynamicLink>;
}

/** Asks the server about every link of `listing` (the codes of `workspace`) out of step with its code. */
export function reconcileLinks(
  { codes, pendingIds, links }: CodesListing,
  origin: string,
  workspace: string,
  syncer: Pick<LinkSyncer, 'ensure'> = linkSyncer,
) {
  const listed = new Set(codes.map((code) => code.id));
  for (const code of codes) {
    if (pendingIds.has(code.id)) continue;
    if (linkOutOfStep(code, links.get(code.id) ?? null, origin)) {
      syncer.ensure(code.id, linkSignature(code, origin), workspace);
    }
  }
  for (const link of links.values()) {
    if (!listed.has(link.code) && !link.deleted) syncer.ensure(link.code, 'gone', workspace);
  }
}
