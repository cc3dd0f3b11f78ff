// The listeners on member documents, each written once: a workspace's members (the Users page,
// the names on My QR Codes, the deletion panel) and an account's memberships across workspaces (the
// workspace switcher, the deletion panel). It imports Firestore, so it is fetched with it, by
// dynamic import, never with a page.
import {
  collection,
  collectionGroup,
  onSnapshot,
  query,
  where,
  type Firestore,
  type FirestoreError,
  type QuerySnapshot,
  type Unsubscribe,
} from '../firestore/firestore-core';
import { MEMBERS, membersPath, readMember, type Member } from '../../domain/records/members';

/** The members `snapshot` holds, each read with the workspace its document is in. */
const membersIn = (snapshot: QuerySnapshot, uid?: string): Member[] =>
  snapshot.docs.flatMap((document) => {
    const workspace = document.ref.parent.parent?.id;
    return (workspace && readMember(workspace, uid ?? document.id, document.data())) || [];
  });

/** The members of `workspace`, live, in the order they joined. */
export const watchMembers = (
  db: Firestore,
  workspace: string,
  onChange: (members: Member[]) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe =>
  onSnapshot(
    collection(db, membersPath(workspace)),
    (snapshot) => onChange(membersIn(snapshot).sort((a, b) => a.joinedAt - b.joinedAt)),
    onError,
  );

/**
 * The member documents of the account `uid` in every workspace, live (a collection-group query,
 * whose index firestore.indexes.json declares), with the snapshot for what else it says (where
 * its documents came from, what changed).
 */
export const watchMemberships = (
  db: Firestore,
  uid: string,
  onChange: (memberships: Member[], snapshot: QuerySnapshot) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe =>
  onSnapshot(
    query(collectionGroup(db, MEMBERS), where('uid', '==', uid)),
    { includeMetadataChanges: true },
    (snapshot) => onChange(membersIn(snapshot, uid), snapshot),
    onError,
  );
