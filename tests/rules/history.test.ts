// The history of a workspace's printed codes (users/{workspace}/history/{id},
// src/domain/records/history.ts) against the real Cloud Firestore emulator and firestore.rules:
// the roles that may 'history.read' read it, the others do not, a removed member is refused at
// once, and no client writes, edits or deletes an entry, the workspace's owner included. The
// links function alone appends it (tests/functions/workspace.test.ts).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { historyEntryPath, historyFields, historyPath } from '../../src/domain/records/history';
import { memberFields, memberPath } from '../../src/domain/records/members';
import { roleIds, roleMay, type RoleId } from '../../src/domain/team';
import { db, useEmulator } from './emulator';

const { environment, asVerified, stored } = useEmulator();

const WORKSPACE = 'acme';

const join = (uid: string, role: RoleId, ownCodesOnly = false) =>
  stored(
    memberPath(WORKSPACE, uid),
    memberFields(WORKSPACE, uid, role, `${uid}@example.co.za`, new Date(), ownCodesOnly),
  );

const entry = (by = 'editor') =>
  historyFields(
    {
      code: 'menu',
      link: 'Ab3dEf7h',
      by: { uid: by, email: `${by}@example.co.za` },
      changes: ['target'],
      from: { kind: 'redirect', target: 'https://example.co.za/old-menu' },
      to: { kind: 'redirect', target: 'https://example.co.za/menu' },
    },
    new Date('2026-11-20T08:00:00Z'),
  );

const seedEntry = () => stored(historyEntryPath(WORKSPACE, 'one'), entry());

describe('the history of printed codes', () => {
  for (const role of roleIds) {
    const reads = roleMay(role, 'history.read');
    it(`a ${role} ${reads ? 'reads' : 'does not read'} it, and writes none`, async () => {
      await seedEntry();
      await join('member', role);
      const member = asVerified('member');
      const check = reads ? assertSucceeds : assertFails;
      await check(getDoc(doc(member, historyEntryPath(WORKSPACE, 'one'))));
      await check(getDocs(collection(member, historyPath(WORKSPACE))));
      await assertFails(addDoc(collection(member, historyPath(WORKSPACE)), entry('member')));
      await assertFails(
        updateDoc(doc(member, historyEntryPath(WORKSPACE, 'one')), { by: 'member' }),
      );
      await assertFails(deleteDoc(doc(member, historyEntryPath(WORKSPACE, 'one'))));
    });
  }

  it('the owner reads it, and neither adds, rewrites nor deletes an entry', async () => {
    await seedEntry();
    const owner = asVerified(WORKSPACE);
    await assertSucceeds(getDocs(collection(owner, historyPath(WORKSPACE))));
    await assertFails(addDoc(collection(owner, historyPath(WORKSPACE)), entry(WORKSPACE)));
    await assertFails(setDoc(doc(owner, historyEntryPath(WORKSPACE, 'two')), entry(WORKSPACE)));
    await assertFails(
      updateDoc(doc(owner, historyEntryPath(WORKSPACE, 'one')), {
        from: 'https://example.co.za/menu',
      }),
    );
    await assertFails(deleteDoc(doc(owner, historyEntryPath(WORKSPACE, 'one'))));
  });

  it('an editor writes no entry, not even one naming themselves', async () => {
    await join('thandi', 'editor');
    await assertFails(
      setDoc(doc(asVerified('thandi'), historyEntryPath(WORKSPACE, 'mine')), entry('thandi')),
    );
  });

  it('a removed admin is refused at their next read; a stranger and another account never read it', async () => {
    await seedEntry();
    await join('sipho', 'admin');
    const sipho = asVerified('sipho');
    await assertSucceeds(getDocs(collection(sipho, historyPath(WORKSPACE))));
    await environment().withSecurityRulesDisabled((context) =>
      deleteDoc(doc(db(context), memberPath(WORKSPACE, 'sipho'))),
    );
    await assertFails(getDocs(collection(sipho, historyPath(WORKSPACE))));
    await assertFails(getDoc(doc(asVerified('stranger'), historyEntryPath(WORKSPACE, 'one'))));
  });
});
