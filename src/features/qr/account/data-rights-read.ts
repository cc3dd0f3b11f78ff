// What "Download my data" reads, from the server only (the device's cache may lack codes saved
// elsewhere or the older figures, and a file of part of the data would pass for all of it): the
// codes, their short links and each link's figures of every day, the account's document (its
// usage and plan) and its orders; its memberships of other workspaces (its member documents, by
// the collection-group query on `uid`), and its own workspace's members, invites and history of
// printed codes. The rules let the owner read exactly these (firestore.rules).
import type { AccountData, LinkFigures } from '../../../domain/account-export';
import type { SavedCode } from '../../../domain/qr/saved-code';
import { accountPath } from '../../../domain/records/accounts';
import { codesPath, readCode } from '../../../domain/records/codes';
import { historyPath, readHistoryEntry } from '../../../domain/records/history';
import { INVITES, readInvite } from '../../../domain/records/invites';
import { LINKS, linksByCode } from '../../../domain/records/links';
import { MEMBERS, membersPath, readMember } from '../../../domain/records/members';
import { ORDERS } from '../../../domain/records/orders';
import { BUILDS, readBuild } from '../../../domain/records/builds';
import type { Firestore } from '../../../lib/firestore/firestore-core';
import { loadStore } from '../codes/use-saved-codes';

/** Links whose figures are read at once. */
const FIGURES_AT_ONCE = 4;
/** A read not answered by then counts as failed (offline, the server unreachable). */
const READ_TIMEOUT_MS = 20_000;

/** Stored values as plain JSON: times (Firestore Timestamps) as ISO text. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) {
    const toDate = (value as { toDate?: unknown }).toDate;
    if (typeof toDate === 'function') return (toDate.call(value) as Date).toISOString();
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

/** Runs `read` on each of `items`, a few at a time. */
async function eachFew<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let first = 0; first < items.length; first += FIGURES_AT_ONCE) {
    results.push(...(await Promise.all(items.slice(first, first + FIGURES_AT_ONCE).map(read))));
  }
  return results;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The server did not answer.')), READ_TIMEOUT_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export interface Reader {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
  readonly signInMethods: readonly string[];
}

/** Everything the account holds, as the files are made from it. */
export async function readAccountData(reader: Reader): Promise<AccountData> {
  const [
    {
      openFirestore,
      collection,
      collectionGroup,
      getDocsFromServer,
      onSnapshot,
      query,
      where,
      doc,
    },
    ,
    links,
  ] = await loadStore();
  const db: Firestore = await openFirestore();
  const { uid } = reader;

  // The rules let the owner get accounts/{uid} but not list accounts: one document, read as the
  // server has it (a listener's first answer that is not the device's copy).
  const serverDocument = (ref: ReturnType<typeof doc>) =>
    new Promise<Record<string, unknown> | null>((resolve, reject) => {
      const stop = onSnapshot(
        ref,
        { includeMetadataChanges: true },
        (snapshot) => {
          if (snapshot.metadata.fromCache) return;
          stop();
          resolve(snapshot.exists() ? snapshot.data() : null);
        },
        reject,
      );
    });

  const [
    codeDocuments,
    linkDocuments,
    usage,
    orders,
    memberships,
    members,
    invites,
    history,
    builds,
  ] = await withTimeout(
    Promise.all([
      getDocsFromServer(collection(db, codesPath(uid))),
      getDocsFromServer(query(collection(db, LINKS), where('owner', '==', uid))),
      serverDocument(doc(db, accountPath(uid))),
      getDocsFromServer(query(collection(db, ORDERS), where('owner', '==', uid))),
      getDocsFromServer(query(collectionGroup(db, MEMBERS), where('uid', '==', uid))),
      getDocsFromServer(collection(db, membersPath(uid))),
      getDocsFromServer(query(collection(db, INVITES), where('workspace', '==', uid))),
      getDocsFromServer(collection(db, historyPath(uid))),
      getDocsFromServer(query(collection(db, BUILDS), where('owner', '==', uid))),
    ]),
  );
  // Every stored code is one the app reads (the rules take only its types). The links by their
  // code's id: a live one over a retired one it replaced.
  const codes = codeDocuments.docs
    .map((document) => readCode(document.id, document.data()))
    .filter((code): code is SavedCode => code !== null);
  const byCode = linksByCode(linkDocuments.docs);
  const linked = codes.flatMap((code) => {
    const link = code.dynamic ? byCode.get(code.id) : undefined;
    return link ? [link.id] : [];
  });
  const figures = await withTimeout(
    eachFew(linked, async (id) => [id, await links.readLinkCounts(db, uid, id)] as const),
  );
  return {
    account: {
      uid,
      email: reader.email,
      displayName: reader.displayName,
      signInMethods: reader.signInMethods,
    },
    usage: usage && (plain(usage) as Record<string, unknown>),
    codes,
    links: byCode,
    figures: new Map<string, LinkFigures>(figures),
    builds: builds.docs.flatMap((build) => readBuild(build.id, build.data()) ?? []),
    orders: orders.docs.map((order) => ({
      id: order.id,
      ...(plain(order.data()) as Record<string, unknown>),
    })),
    memberships: memberships.docs.flatMap((member) => {
      const workspace = member.ref.parent.parent?.id;
      return (workspace && workspace !== uid && readMember(workspace, uid, member.data())) || [];
    }),
    workspace: {
      members: members.docs
        .flatMap((member) => readMember(uid, member.id, member.data()) ?? [])
        .sort((a, b) => a.joinedAt - b.joinedAt),
      // Read by their fields alone: the document's id is the token's hash, which the file leaves out.
      invites: invites.docs.flatMap((invite) => readInvite(invite.data()) ?? []),
      history: history.docs.flatMap((entry) => readHistoryEntry(entry.id, entry.data()) ?? []),
    },
    origin: window.location.origin,
    exportedAt: new Date(),
  };
}
