// The emails a member of a workspace asked for (users/{workspace}/notices/{uid},
// src/domain/records/notices.ts) against the real Cloud Firestore emulator and firestore.rules:
// each person writes and reads only their own, only while their role may 'history.read', only the
// choices (the notice of a new destination, the weekly summary) and the server's time; nobody lists the workspace's or deletes one. The links function
// reads them past the rules (tests/functions/notices.test.ts). The history itself stays unwritable.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { historyFields, historyPath } from '../../src/domain/records/history';
import { memberFields, memberPath } from '../../src/domain/records/members';
import { noticeFields, noticePath, noticesPath } from '../../src/domain/records/notices';
import { roleIds, roleMay, type RoleId } from '../../src/domain/team';
import { db, useEmulator } from './emulator';

const { environment, asVerified, anonymous, stored } = useEmulator();

const WORKSPACE = 'acme';

const join = (uid: string, role: RoleId) =>
  stored(
    memberPath(WORKSPACE, uid),
    memberFields(WORKSPACE, uid, role, `${uid}@example.co.za`, new Date()),
  );

/** `uid` writes `data` as their notice document (of `of`, by default their own). */
const choose = (uid: string, data: Record<string, unknown>, of = uid) =>
  setDoc(doc(asVerified(uid), noticePath(WORKSPACE, of)), data);

const on = { destination: true, weekly: true };
const off = { destination: false, weekly: false };
const turnOn = () => noticeFields(on, serverTimestamp());

describe('the notices a member asks for', () => {
  for (const role of roleIds) {
    const reads = roleMay(role, 'history.read');
    const a = /^[aeiou]/.test(role) ? 'an' : 'a';
    it(`${a} ${role} ${reads ? 'turns theirs on and off and reads it' : 'may not ask for one'}`, async () => {
      await join('member', role);
      const member = asVerified('member');
      const check = reads ? assertSucceeds : assertFails;
      await check(choose('member', turnOn()));
      await check(choose('member', noticeFields(off, serverTimestamp())));
      await check(getDoc(doc(member, noticePath(WORKSPACE, 'member'))));
    });
  }

  it('the account holder turns theirs on, and reads it back', async () => {
    await assertSucceeds(choose(WORKSPACE, turnOn()));
    await assertSucceeds(getDoc(doc(asVerified(WORKSPACE), noticePath(WORKSPACE, WORKSPACE))));
    await assertSucceeds(
      updateDoc(doc(asVerified(WORKSPACE), noticePath(WORKSPACE, WORKSPACE)), {
        destination: false,
        updatedAt: serverTimestamp(),
      }),
    );
  });

  it('nobody writes or reads another’s: not an admin, not the owner, not a stranger', async () => {
    await join('sipho', 'admin');
    await join('thandi', 'admin');
    await stored(noticePath(WORKSPACE, 'thandi'), noticeFields(on, new Date()));
    // Turning someone else's email on (or off) is theirs to do alone.
    await assertFails(choose('sipho', turnOn(), 'thandi'));
    await assertFails(choose(WORKSPACE, noticeFields(off, serverTimestamp()), 'thandi'));
    await assertFails(choose('stranger', turnOn(), WORKSPACE));
    await assertFails(getDoc(doc(asVerified('sipho'), noticePath(WORKSPACE, 'thandi'))));
    await assertFails(getDoc(doc(asVerified(WORKSPACE), noticePath(WORKSPACE, 'thandi'))));
    // Nor a document for someone who is not a member at all, named by an admin.
    await assertFails(choose('sipho', turnOn(), 'someone-else'));
    await assertFails(getDoc(doc(anonymous(), noticePath(WORKSPACE, 'thandi'))));
  });

  it('nobody lists the workspace’s notices or deletes one, the owner included', async () => {
    await join('sipho', 'admin');
    await stored(noticePath(WORKSPACE, 'sipho'), noticeFields(on, new Date()));
    await assertFails(getDocs(collection(asVerified(WORKSPACE), noticesPath(WORKSPACE))));
    await assertFails(getDocs(collection(asVerified('sipho'), noticesPath(WORKSPACE))));
    await assertFails(deleteDoc(doc(asVerified('sipho'), noticePath(WORKSPACE, 'sipho'))));
    await assertFails(deleteDoc(doc(asVerified(WORKSPACE), noticePath(WORKSPACE, 'sipho'))));
  });

  it('a removed admin, and one demoted to editor, can no longer write or read theirs', async () => {
    await join('sipho', 'admin');
    await join('lerato', 'admin');
    await assertSucceeds(choose('sipho', turnOn()));
    await assertSucceeds(choose('lerato', turnOn()));
    await environment().withSecurityRulesDisabled((context) =>
      deleteDoc(doc(db(context), memberPath(WORKSPACE, 'sipho'))),
    );
    await join('lerato', 'editor');
    for (const uid of ['sipho', 'lerato']) {
      await assertFails(choose(uid, noticeFields(off, serverTimestamp())));
      await assertFails(getDoc(doc(asVerified(uid), noticePath(WORKSPACE, uid))));
    }
  });

  it('holds only the choice and the server’s time: other keys, other types and a typed time are refused', async () => {
    await join('sipho', 'admin');
    for (const data of [
      { ...turnOn(), note: 'also email sipho@elsewhere.example' },
      { ...turnOn(), email: 'someone@elsewhere.example' },
      { destination: 'yes', updatedAt: serverTimestamp() },
      { destination: 1, updatedAt: serverTimestamp() },
      { destination: true, weekly: 'every Monday', updatedAt: serverTimestamp() },
      { destination: true, weekly: null, updatedAt: serverTimestamp() },
      { destination: true },
      { updatedAt: serverTimestamp() },
      noticeFields(on, new Date('2026-01-01T00:00:00Z')),
      {},
    ]) {
      await assertFails(choose('sipho', data));
    }
    await assertSucceeds(choose('sipho', turnOn()));
    // A document from before the weekly summary, without its key, is still the person's to write.
    await assertSucceeds(choose('sipho', { destination: true, updatedAt: serverTimestamp() }));
    await assertFails(
      updateDoc(doc(asVerified('sipho'), noticePath(WORKSPACE, 'sipho')), {
        destination: false,
        updatedAt: serverTimestamp(),
        extra: true,
      }),
    );
  });

  it('a member who may ask for notices still writes nothing into the history', async () => {
    await join('sipho', 'admin');
    const entry = historyFields(
      {
        code: 'menu',
        link: 'Ab3dEf7h',
        by: { uid: 'sipho', email: 'sipho@example.co.za' },
        changes: ['target'],
        from: null,
        to: { kind: 'redirect', target: 'https://example.co.za/menu' },
      },
      new Date(),
    );
    await assertSucceeds(choose('sipho', turnOn()));
    await assertFails(addDoc(collection(asVerified('sipho'), historyPath(WORKSPACE)), entry));
    await assertFails(addDoc(collection(asVerified(WORKSPACE), historyPath(WORKSPACE)), entry));
  });
});
