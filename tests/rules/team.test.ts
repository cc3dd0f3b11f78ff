// A workspace's members against the real Cloud Firestore emulator and firestore.rules: each role of
// the roles table (src/domain/team.ts) tries every path it must be kept out of, a removed member
// and a demoted one are refused at their next request, and nobody but the server writes a member.
// The workspace is Acme's account ('acme'); its members' documents are written past the rules, as
// the server does.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { accountPath } from '../../src/domain/records/accounts';
import { codePath, codesPath, userPath } from '../../src/domain/records/codes';
import { LINKS, linkPath } from '../../src/domain/records/links';
import { INVITES, inviteFields, invitePath } from '../../src/domain/records/invites';
import { MEMBERS, memberFields, memberPath, membersPath } from '../../src/domain/records/members';
import { ORDERS, orderPath } from '../../src/domain/records/orders';
import { roleIds, roleMay, type RoleId } from '../../src/domain/team';
import { countedWrite, db, newCode, useEmulator } from './emulator';

const { environment, asVerified, anonymous, stored } = useEmulator();

const WORKSPACE = 'acme';

const removed = (path: string) =>
  environment().withSecurityRulesDisabled((context) => deleteDoc(doc(db(context), path)));

const join = (uid: string, role: RoleId, ownCodesOnly = false) =>
  stored(
    memberPath(WORKSPACE, uid),
    memberFields(WORKSPACE, uid, role, `${uid}@example.co.za`, new Date(), ownCodesOnly),
  );

/** A code as the app writes it, made by `by` (left out: the account itself, as before teams). */
const codeBy = (by?: string, fields: Record<string, unknown> = {}) =>
  newCode({ ...(by ? { createdBy: by, updatedBy: by } : {}), ...fields });

/** Acme's own code 'window', made by the account before it had members. */
const seedCode = async (id = 'window', by?: string) => {
  await stored(codePath(WORKSPACE, id), {
    ...codeBy(by),
    createdAt: new Date('2026-11-01T10:00:00Z'),
    updatedAt: new Date('2026-11-01T10:00:00Z'),
  });
  await stored(userPath(WORKSPACE), { codeCount: 1, changed: id });
};

const rename = (uid: string, id: string, name: string) =>
  updateDoc(doc(asVerified(uid), codePath(WORKSPACE, id)), {
    name,
    updatedAt: serverTimestamp(),
    updatedBy: uid,
  });

describe('a workspace’s codes, by role', () => {
  for (const role of roleIds) {
    const reads = roleMay(role, 'codes.read');
    const writes = roleMay(role, 'codes.write');
    it(`a ${role} ${reads ? 'reads' : 'does not read'} them and ${writes ? 'writes' : 'writes none'}`, async () => {
      await seedCode();
      await join('member', role);
      const member = asVerified('member');
      const check = (allowed: boolean) => (allowed ? assertSucceeds : assertFails);
      await check(reads)(getDoc(doc(member, codePath(WORKSPACE, 'window'))));
      await check(reads)(getDocs(collection(member, codesPath(WORKSPACE))));
      await check(writes)(rename('member', 'window', 'Front door'));
      await check(writes)(countedWrite(doc(member, codePath(WORKSPACE, 'new')), codeBy('member')));
      await check(writes)(countedWrite(doc(member, codePath(WORKSPACE, 'window')), null));
    });
  }

  it('nobody outside the workspace reads or writes them', async () => {
    await seedCode();
    const stranger = asVerified('stranger');
    await assertFails(getDoc(doc(stranger, codePath(WORKSPACE, 'window'))));
    await assertFails(getDocs(collection(stranger, codesPath(WORKSPACE))));
    await assertFails(rename('stranger', 'window', 'Mine now'));
    await assertFails(countedWrite(doc(stranger, codePath(WORKSPACE, 'x')), codeBy('stranger')));
    await assertFails(getDoc(doc(anonymous(), codePath(WORKSPACE, 'window'))));
  });

  it('a member names themselves as the maker and the last to change a code, and nobody else', async () => {
    await seedCode();
    await join('thandi', 'editor');
    const thandi = asVerified('thandi');
    // Not naming themselves, or naming another, is refused.
    await assertFails(countedWrite(doc(thandi, codePath(WORKSPACE, 'a')), codeBy()));
    await assertFails(countedWrite(doc(thandi, codePath(WORKSPACE, 'a')), codeBy('acme')));
    await assertFails(
      countedWrite(doc(thandi, codePath(WORKSPACE, 'a')), codeBy('thandi', { updatedBy: 'acme' })),
    );
    await assertSucceeds(countedWrite(doc(thandi, codePath(WORKSPACE, 'a')), codeBy('thandi')));
    // The maker stays; the last writer is the one writing.
    const window = doc(thandi, codePath(WORKSPACE, 'window'));
    await assertFails(updateDoc(window, { name: 'x', updatedAt: serverTimestamp() }));
    await assertFails(
      updateDoc(window, { updatedAt: serverTimestamp(), updatedBy: 'thandi', createdBy: 'thandi' }),
    );
    await assertSucceeds(rename('thandi', 'window', 'Front door'));
  });

  it('the account itself may leave the names out, as before teams, and keeps a member’s maker', async () => {
    await seedCode('made-by-thandi', 'thandi');
    const acme = asVerified(WORKSPACE);
    const code = doc(acme, codePath(WORKSPACE, 'made-by-thandi'));
    // An older app's update names nobody: the last writer stays as it was.
    await assertSucceeds(updateDoc(code, { name: 'Menu', updatedAt: serverTimestamp() }));
    await assertSucceeds(
      updateDoc(code, { name: 'Menu 2', updatedAt: serverTimestamp(), updatedBy: WORKSPACE }),
    );
    await assertFails(
      updateDoc(code, { updatedAt: serverTimestamp(), updatedBy: WORKSPACE, createdBy: WORKSPACE }),
    );
    await assertSucceeds(countedWrite(doc(acme, codePath(WORKSPACE, 'own')), codeBy()));
  });

  it('an editor kept to their own codes changes only those', async () => {
    await seedCode('window');
    await stored(codePath(WORKSPACE, 'theirs'), {
      ...codeBy('sipho'),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await join('thandi', 'editor', true);
    const thandi = asVerified('thandi');
    await assertSucceeds(getDoc(doc(thandi, codePath(WORKSPACE, 'theirs'))));
    await assertFails(rename('thandi', 'theirs', 'Changed'));
    await assertFails(rename('thandi', 'window', 'Changed'));
    await assertFails(countedWrite(doc(thandi, codePath(WORKSPACE, 'theirs')), null));
    // Their own: made, changed and deleted.
    const own = doc(thandi, codePath(WORKSPACE, 'own'));
    await assertSucceeds(countedWrite(own, codeBy('thandi')));
    await assertSucceeds(rename('thandi', 'own', 'Renamed'));
    await assertSucceeds(countedWrite(own, null));
  });

  it('a removed member is refused at their very next request, and a demoted one may only read', async () => {
    await seedCode();
    await join('thandi', 'editor');
    await join('sipho', 'editor');
    await assertSucceeds(rename('thandi', 'window', 'First'));
    await removed(memberPath(WORKSPACE, 'thandi'));
    await assertFails(rename('thandi', 'window', 'Second'));
    await assertFails(getDoc(doc(asVerified('thandi'), codePath(WORKSPACE, 'window'))));

    await join('sipho', 'viewer');
    await assertFails(rename('sipho', 'window', 'Third'));
    await assertSucceeds(getDoc(doc(asVerified('sipho'), codePath(WORKSPACE, 'window'))));
  });
});

describe('the members themselves', () => {
  it('are written by no client: not a member raising their role, not the account', async () => {
    await join('thandi', 'viewer');
    const own = doc(asVerified('thandi'), memberPath(WORKSPACE, 'thandi'));
    await assertFails(updateDoc(own, { role: 'owner' }));
    await assertFails(deleteDoc(own));
    await assertFails(
      setDoc(
        doc(asVerified(WORKSPACE), memberPath(WORKSPACE, 'sipho')),
        memberFields(WORKSPACE, 'sipho', 'admin', 'sipho@example.co.za', new Date()),
      ),
    );
  });

  it('are listed to the workspace’s members, and nobody else', async () => {
    await join('thandi', 'viewer');
    await join('lerato', 'billing');
    await assertSucceeds(getDocs(collection(asVerified('thandi'), membersPath(WORKSPACE))));
    await assertSucceeds(getDocs(collection(asVerified('lerato'), membersPath(WORKSPACE))));
    await assertSucceeds(getDocs(collection(asVerified(WORKSPACE), membersPath(WORKSPACE))));
    await assertFails(getDocs(collection(asVerified('stranger'), membersPath(WORKSPACE))));
  });

  it('find their own workspaces across accounts, and not another person’s', async () => {
    await join('thandi', 'editor');
    await stored(
      memberPath('beta', 'thandi'),
      memberFields('beta', 'thandi', 'viewer', 'thandi@example.co.za', new Date()),
    );
    const thandi = asVerified('thandi');
    const mine = query(collectionGroup(thandi, MEMBERS), where('uid', '==', 'thandi'));
    await assertSucceeds(getDocs(mine));
    const theirs = query(collectionGroup(thandi, MEMBERS), where('uid', '==', 'sipho'));
    await assertFails(getDocs(theirs));
    await assertFails(getDocs(collectionGroup(thandi, MEMBERS)));
  });
});

describe('invites', () => {
  it('are listed to those who manage the workspace’s people, and written by no client', async () => {
    await join('thandi', 'admin');
    await join('sipho', 'editor');
    const fields = inviteFields(
      { workspace: WORKSPACE, email: 'lerato@example.co.za', role: 'viewer', invitedBy: WORKSPACE },
      new Date(),
      new Date(Date.now() + 86_400_000),
    );
    await stored(invitePath('a'.repeat(64)), fields);
    const pending = (uid: string) =>
      getDocs(query(collection(asVerified(uid), INVITES), where('workspace', '==', WORKSPACE)));
    await assertSucceeds(pending(WORKSPACE));
    await assertSucceeds(pending('thandi'));
    await assertFails(pending('sipho'));
    await assertFails(pending('stranger'));
    // Not even the invited person lists them, nor anyone all of them.
    await assertFails(getDocs(collection(asVerified('lerato'), INVITES)));
    // Nobody makes, accepts or widens one but the server.
    await assertFails(setDoc(doc(asVerified(WORKSPACE), invitePath('b'.repeat(64))), fields));
    await assertFails(
      updateDoc(doc(asVerified('thandi'), invitePath('a'.repeat(64))), { role: 'owner' }),
    );
    await assertFails(
      updateDoc(doc(asVerified('lerato'), invitePath('a'.repeat(64))), { acceptedAt: new Date() }),
    );
  });
});

describe('the workspace’s links, figures, account and orders', () => {
  it('are read by the roles the table lets read them', async () => {
    await stored(linkPath('AcmeLink001'), {
      owner: WORKSPACE,
      code: 'window',
      target: 'https://kemptoncodeworks.co.za/',
      deletedAt: null,
      disabled: null,
    });
    await stored(accountPath(WORKSPACE), { linksMade: 1 });
    await stored(orderPath('order1'), { owner: WORKSPACE, state: 'awaiting-payment' });
    for (const role of roleIds) {
      const uid = `as-${role}`;
      await join(uid, role);
      const member = asVerified(uid);
      const reads = roleMay(role, 'codes.read') ? assertSucceeds : assertFails;
      const links = query(collection(member, LINKS), where('owner', '==', WORKSPACE));
      await reads(getDocs(links));
      await reads(getDoc(doc(member, linkPath('AcmeLink001'))));
      await assertSucceeds(getDoc(doc(member, accountPath(WORKSPACE))));
      const bills = roleMay(role, 'billing') ? assertSucceeds : assertFails;
      await bills(getDoc(doc(member, orderPath('order1'))));
      await bills(getDocs(query(collection(member, ORDERS), where('owner', '==', WORKSPACE))));
    }
    const stranger = asVerified('stranger');
    await assertFails(getDoc(doc(stranger, linkPath('AcmeLink001'))));
    await assertFails(getDoc(doc(stranger, accountPath(WORKSPACE))));
    await assertFails(getDoc(doc(stranger, orderPath('order1'))));
  });
});
