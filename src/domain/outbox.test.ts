import { describe, expect, it } from 'vitest';
import {
  afterRound,
  entryField,
  isStuck,
  newEntry,
  outcomeOfStatus,
  readEntry,
  readOutbox,
  STUCK_AFTER,
  type PostOutcome,
} from './outbox';

const endpoints = ['https://forms.test/a', 'https://forms.test/b'];
const [first, second] = endpoints;
const entry = newEntry(
  [
    ['name', 'Sipho'],
    ['email', 's@example.co.za'],
  ],
  endpoints,
  'id-1',
  1000,
);
const round = (results: [string, PostOutcome][]) => afterRound(entry, new Map(results));

describe('outcomeOfStatus', () => {
  it.each([
    [200, 'ok'],
    [204, 'ok'],
    [500, 'server'],
    [503, 'server'],
    [429, 'server'],
    [408, 'server'],
    [400, 'rejected'],
    [403, 'rejected'],
    [404, 'rejected'],
    [422, 'rejected'],
  ] as const)('%i is %s', (status, outcome) => {
    expect(outcomeOfStatus(status)).toBe(outcome);
  });
});

describe('afterRound', () => {
  it('a new entry waits for every endpoint', () => {
    expect(entry).toMatchObject({ pending: endpoints, status: 'queued', attempts: 0 });
  });

  it('is sent when every endpoint answered OK', () => {
    const next = round([
      [first, 'ok'],
      [second, 'ok'],
    ]);
    expect(next.result).toBe('sent');
    expect(next.entry.pending).toEqual([]);
  });

  it('keeps only the endpoints that do not have it yet', () => {
    const next = round([
      [first, 'ok'],
      [second, 'network'],
    ]);
    expect(next).toMatchObject({ result: 'queued', offline: true });
    expect(next.entry).toMatchObject({ pending: [second], status: 'queued', attempts: 1 });
  });

  it('retries when no endpoint could be reached', () => {
    expect(round([[first, 'network']])).toMatchObject({
      result: 'queued',
      offline: true,
      entry: { pending: endpoints },
    });
  });

  it('retries after a server error, without calling it offline', () => {
    expect(round([[first, 'server']])).toMatchObject({ result: 'trouble', offline: false });
    // Once an endpoint has it, the other's trouble is just a wait like no connection.
    expect(
      round([
        [first, 'ok'],
        [second, 'server'],
      ]),
    ).toMatchObject({ result: 'queued', offline: false, entry: { pending: [second] } });
  });

  it('fails when an endpoint refuses it, and remembers who already has it', () => {
    const next = round([
      [first, 'ok'],
      [second, 'rejected'],
    ]);
    expect(next.result).toBe('failed');
    expect(next.entry).toMatchObject({ status: 'failed', pending: [second] });
  });

  it('is refused when the first endpoint refuses it, and nobody has it', () => {
    const next = round([[first, 'rejected']]);
    expect(next.result).toBe('refused');
    expect(next.entry).toMatchObject({ status: 'failed', pending: endpoints });
  });
});

describe('entryField', () => {
  it('reads a field by name, or empty', () => {
    expect(entryField(entry, 'name')).toBe('Sipho');
    expect(entryField(entry, 'budget')).toBe('');
  });
});

describe('isStuck', () => {
  const hour = 60 * 60_000;
  const entry = { ...newEntry([['name', 'A']], ['https://f.test/a'], 'e1', 0), attempts: 5 };

  it('is an enquiry still queued after five tries, the first an hour ago or more', () => {
    expect(isStuck(entry, hour)).toBe(true);
    expect(isStuck(entry, hour - 1)).toBe(false);
    expect(isStuck({ ...entry, attempts: 4 }, 5 * hour)).toBe(false);
    expect(STUCK_AFTER).toEqual({ attempts: 5, ms: hour });
  });

  it('is never a refused one, which waits for the person anyway', () => {
    expect(isStuck({ ...entry, status: 'failed' }, 5 * hour)).toBe(false);
  });
});

describe('readEntry', () => {
  it('reads an entry as it was stored', () => {
    expect(readEntry('id-1', structuredClone(entry))).toEqual({ entry });
  });

  it.each([
    ['without pending', { ...entry, pending: undefined }, entry.fields],
    ['with an unknown status', { ...entry, status: 'sending' }, entry.fields],
    ['under another key', { ...entry, id: 'id-2' }, entry.fields],
    ['with a field that is not text', { ...entry, fields: [['name', 7]] }, null],
  ])('sets aside an entry %s, with what can still be read of it', (_, stored, fields) => {
    expect(readEntry('id-1', stored)).toEqual({
      unreadable: { id: 'id-1', createdAt: 1000, fields },
    });
  });

  it('keeps only what is readable of what is no entry at all', () => {
    expect(readEntry('x', 'text')).toEqual({
      unreadable: { id: 'x', createdAt: null, fields: null },
    });
    expect(readEntry('x', { createdAt: 'yesterday', fields: [['name']] })).toEqual({
      unreadable: { id: 'x', createdAt: null, fields: null },
    });
  });
});

describe('readOutbox', () => {
  it('sorts the readable and the unreadable apart, each oldest first', () => {
    const later = { ...entry, id: 'id-9', createdAt: 2000 };
    expect(
      readOutbox([
        ['id-9', later],
        ['bad', { createdAt: 5 }],
        ['id-1', entry],
        ['worse', null],
      ]),
    ).toEqual({
      entries: [entry, later],
      unreadable: [
        { id: 'worse', createdAt: null, fields: null },
        { id: 'bad', createdAt: 5, fields: null },
      ],
    });
  });
});
