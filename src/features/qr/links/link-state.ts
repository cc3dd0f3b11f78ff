// What My QR Codes says of a code's short link, from the code as saved, the link as the server
// keeps it, and what is being asked of the server (link-syncer.ts). Pure, so every state is
// unit-tested.
import { codeDestination, type LinkedContent } from '../../../domain/qr/dynamic';
import { sameDestination, stableJson } from '../../../domain/qr/landing';
import type { LinkView } from '../../../domain/qr/link-policy';
import type { LinkWork } from './link-syncer';

/** What the link of a code depends on. */
export interface LinkedCode extends LinkedContent {
  readonly dynamic: boolean;
  readonly passwordProtected: boolean;
}

export type LinkState =
  /** A static code: no link. */
  | { readonly kind: 'none' }
  /** The link works; `change` says how an edit of its target is going, if one is. */
  | {
      readonly kind: 'active';
      readonly link: LinkView;
      readonly change: null | { readonly waiting: boolean; readonly message?: string };
    }
  /** Switched off by the company: its printed copies show a warning. */
  | { readonly kind: 'disabled'; readonly link: LinkView }
  /** No working link yet: being made (`waiting`: the code has not reached the server yet). */
  | { readonly kind: 'making'; readonly waiting: boolean; readonly message?: string }
  /** The server refused to make it, or its content cannot lead anywhere; `retry` when worth it. */
  | { readonly kind: 'refused'; readonly message: string; readonly retry: boolean };

/**
 * What the server is asked for a code: a new ask whenever this changes (the code made dynamic or
 * static, its target edited, its link retired or restored).
 */
export function linkSignature(code: LinkedCode | null, origin: string): string {
  if (!code?.dynamic) return 'static';
  const check = codeDestination(code, origin);
  const lock = code.passwordProtected ? ' with a password' : '';
  return check.ok ? `to ${stableJson(check.destination)}${lock}` : 'no target';
}

/**
 * Whether the server should be asked to make the link match the code: the code is dynamic and
 * has no working link or one that leads elsewhere, or it is gone or static and its link still
 * works. A code whose content has no valid target is not asked about (the page says why).
 */
export function linkOutOfStep(
  code: LinkedCode | null,
  link: LinkView | null,
  origin: string,
): boolean {
  if (!code?.dynamic) return link !== null && !link.deleted;
  const check = codeDestination(code, origin);
  if (!check.ok) return false;
  return (
    link === null ||
    link.deleted ||
    link.locked !== code.passwordProtected ||
    !sameDestination(link.destination, check.destination)
  );
}

export function linkState(
  code: LinkedCode,
  link: LinkView | null,
  work: LinkWork | undefined,
  origin: string,
): LinkState {
  if (!code.dynamic) return { kind: 'none' };
  if (link?.disabled) return { kind: 'disabled', link };
  const target = codeDestination(code, origin);
  const refused = work?.status === 'refused' ? work.message : null;
  if (link && !link.deleted) {
    if (!target.ok) {
      return { kind: 'active', link, change: { waiting: false, message: target.message } };
    }
    if (
      sameDestination(link.destination, target.destination) &&
      link.locked === code.passwordProtected
    ) {
      return { kind: 'active', link, change: null };
    }
    return {
      kind: 'active',
      link,
      change: refused
        ? { waiting: false, message: refused }
        : { waiting: work?.status === 'waiting' || work?.status === 'retrying' },
    };
  }
  if (!target.ok) return { kind: 'refused', message: target.message, retry: false };
  if (refused) return { kind: 'refused', message: refused, retry: true };
  return {
    kind: 'making',
    waiting: work === undefined || work.status === 'waiting' || work.status === 'retrying',
    message: work?.status === 'retrying' ? work.message : undefined,
  };
}
