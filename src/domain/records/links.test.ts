import { describe, expect, it } from 'vitest';
import {
  linkAttemptsPath,
  linkPasswordPath,
  linkPath,
  linksByCode,
  linkTombstone,
  newLink,
  readLink,
  retiredLink,
  switchedLink,
} from './links';

const stored = {
  owner: 'alice',
  code: 'code1',
  target: 'https://kemptoncodeworks.co.za/',
  page: null,
  schedule: null,
  locked: false,
  passwordSet: false,
  deletedAt: null,
  disabled: null,
};

/** What its owner sees of the stored link above, live and on. */
const liveView = {
  code: 'code1',
  destination: { kind: 'redirect', target: 'https://kemptoncodeworks.co.za/' },
  deleted: false,
  disabled: false,
  locked: false,
  passwordSet: false,
};

describe('a short link as stored', () => {
  it('has its paths under dynamic/{id}', () => {
    expect(linkPath('Abc12345')).toBe('dynamic/Abc12345');
    expect(linkPasswordPath('Abc12345')).toBe('dynamic/Abc12345/private/password');
    expect(linkAttemptsPath('Abc12345', null)).toBe('dynamic/Abc12345/private/attempts');
    expect(linkAttemptsPath('Abc12345', 'peer-x')).toBe('dynamic/Abc12345/private/attempts-peer-x');
  });

  it('reads a live link as on, not retired, not locked', () => {
    expect(readLink('Abc12345', stored)).toEqual({
      id: 'Abc12345',
      owner: 'alice',
      ...liveView,
      passwordVersion: '',
      watched: true,
      health: null,
    });
  });

  it('reads whether its destination is checked daily, and what the checks found', () => {
    const health = {
      outcome: { kind: 'status', status: 404 },
      since: 1,
      checkedAt: 2,
      noticed: 'broken',
      noticedAt: 1,
    };
    expect(readLink('Abc12345', { ...stored, watch: false, health })).toMatchObject({
      watched: false,
      health,
    });
  });

  it('reads retired, switched off and locked from what the server and the company store', () => {
    const at = { seconds: 1, nanoseconds: 0 };
    const link = readLink('Abc12345', {
      ...stored,
      deletedAt: at,
      disabled: { reason: 'Phishing', at, by: 'thandi' },
      locked: true,
      passwordSet: true,
      passwordVersion: 'v2',
    });
    expect(link).toMatchObject({
      deleted: true,
      disabled: true,
      locked: true,
      passwordSet: true,
      passwordVersion: 'v2',
    });
    // A switch-on stores null; an old `false` reads as on too, and only `true` locks.
    expect(readLink('Abc12345', { ...stored, disabled: false, locked: 'yes' })).toMatchObject({
      disabled: false,
      locked: false,
    });
  });

  it('reads nothing but a document with an owner', () => {
    for (const data of [undefined, null, 'text', [], { ...stored, owner: 7 }]) {
      expect(readLink('Abc12345', data)).toBeNull();
    }
  });

  it('reads a link without a code or a destination it knows, as having none', () => {
    const link = readLink('Abc12345', { owner: 'alice', page: { kind: 'poster' } });
    expect(link).toMatchObject({ code: null, destination: null });
  });

  it('keys the owner’s links by code, the live one over a retired one, none without a code', () => {
    const documents = [
      { id: 'Old00001', data: () => ({ ...stored, deletedAt: { seconds: 1 } }) },
      { id: 'New00001', data: () => stored },
      { id: 'Old00002', data: () => ({ ...stored, code: 'code2', deletedAt: { seconds: 2 } }) },
      { id: 'Lost0001', data: () => ({ ...stored, code: null }) },
    ];
    const links = linksByCode(documents);
    expect([...links.keys()]).toEqual(['code1', 'code2']);
    expect(links.get('code1')).toEqual({
      id: 'New00001',
      ...liveView,
      watched: true,
      health: null,
    });
    expect(links.get('code2')).toMatchObject({ id: 'Old00002', deleted: true });
  });

  it('is written by the server so that its reader reads back what was meant', () => {
    const destination = { kind: 'redirect', target: 'https://kemptoncodeworks.co.za/' } as const;
    const made = newLink({ owner: 'alice', code: 'code1', destination, locked: true }, 'now');
    expect(made).toEqual({ ...stored, locked: true, createdAt: 'now', updatedAt: 'now' });
    expect(readLink('Abc12345', made)).toMatchObject({ destination, locked: true, deleted: false });
    expect(readLink('Abc12345', { ...made, ...retiredLink('later') })?.deleted).toBe(true);
    const off = switchedLink({ reason: 'Phishing', at: 'later', by: 'thandi' }, 'later');
    expect(readLink('Abc12345', { ...made, ...off })?.disabled).toBe(true);
    expect(
      readLink('Abc12345', { ...made, ...off, ...switchedLink(null, 'again') })?.disabled,
    ).toBe(false);
  });

  it('leaves a tombstone that leads nowhere, stays retired and keeps its switch-off', () => {
    const off = { reason: 'Phishing', at: 'then', by: 'thandi' };
    const tombstone = linkTombstone({ ...stored, disabled: off, createdAt: 'made' }, 'gone');
    expect(tombstone).toMatchObject({
      owner: '',
      code: null,
      createdAt: 'made',
      deletedAt: 'gone',
    });
    expect(readLink('Abc12345', tombstone)).toMatchObject({
      owner: '',
      destination: { kind: 'redirect', target: '' },
      deleted: true,
      disabled: true,
    });
  });
});
