import { describe, expect, it } from 'vitest';
import { emptyContent } from '../../../domain/qr/content';
import type { LinkView } from '../../../domain/qr/link-policy';
import { linkOutOfStep, linkSignature, linkState } from './link-state';

const origin = 'https://kempton.example';
const code = (websiteUrl: string, dynamic = true) => ({
  type: 'web' as const,
  dynamic,
  passwordProtected: false,
  content: { ...emptyContent, text: { ...emptyContent.text, websiteUrl } },
});
const link = (fields: Partial<LinkView> = {}): LinkView => ({
  id: 'AbCdEfGhJk',
  destination: { kind: 'redirect', target: 'https://example.co.za/a' },
  deleted: false,
  disabled: false,
  locked: false,
  passwordSet: false,
  ...fields,
});

describe('linkOutOfStep', () => {
  it('asks for a link a dynamic code lacks, or that leads elsewhere, or is retired', () => {
    expect(linkOutOfStep(code('https://example.co.za/a'), null, origin)).toBe(true);
    expect(linkOutOfStep(code('https://example.co.za/a'), link(), origin)).toBe(false);
    expect(linkOutOfStep(code('example.co.za/a'), link(), origin)).toBe(false);
    expect(linkOutOfStep(code('https://example.co.za/b'), link(), origin)).toBe(true);
    expect(linkOutOfStep(code('https://example.co.za/a'), link({ deleted: true }), origin)).toBe(
      true,
    );
  });

  it('asks to retire the working link of a static or deleted code, and nothing else', () => {
    expect(linkOutOfStep(code('https://example.co.za/a', false), link(), origin)).toBe(true);
    expect(linkOutOfStep(null, link(), origin)).toBe(true);
    expect(linkOutOfStep(null, link({ deleted: true }), origin)).toBe(false);
    expect(linkOutOfStep(null, null, origin)).toBe(false);
  });

  it('asks when the code was protected or unprotected since', () => {
    const locked = { ...code('https://example.co.za/a'), passwordProtected: true };
    expect(linkOutOfStep(locked, link(), origin)).toBe(true);
    expect(linkOutOfStep(locked, link({ locked: true }), origin)).toBe(false);
    expect(linkSignature(locked, origin)).toMatch(/ with a password$/);
  });

  it('does not ask about a target the server would refuse anyway', () => {
    expect(linkOutOfStep(code('http://192.168.1.1/'), null, origin)).toBe(false);
  });
});

describe('linkSignature', () => {
  it('changes with what is asked for', () => {
    expect(linkSignature(code('https://example.co.za/a'), origin)).toBe(
      'to {"kind":"redirect","target":"https://example.co.za/a"}',
    );
    expect(linkSignature(code('https://example.co.za/a', false), origin)).toBe('static');
    expect(linkSignature(null, origin)).toBe('static');
  });
});

describe('linkState', () => {
  const signature = 'to https://example.co.za/b';
  it('static: none', () => {
    expect(linkState(code('https://example.co.za/a', false), null, undefined, origin)).toEqual({
      kind: 'none',
    });
  });

  it('working, and how a change of target goes', () => {
    expect(linkState(code('https://example.co.za/a'), link(), undefined, origin)).toEqual({
      kind: 'active',
      link: link(),
      change: null,
    });
    const edited = code('https://example.co.za/b');
    expect(linkState(edited, link(), { status: 'waiting', signature }, origin)).toMatchObject({
      kind: 'active',
      change: { waiting: true },
    });
    expect(linkState(edited, link(), { status: 'working', signature }, origin)).toMatchObject({
      kind: 'active',
      change: { waiting: false },
    });
    expect(
      linkState(edited, link(), { status: 'refused', signature, message: 'Too many.' }, origin),
    ).toMatchObject({ kind: 'active', change: { message: 'Too many.' } });
  });

  it('switched off by the company, whatever else', () => {
    expect(
      linkState(code('https://example.co.za/b'), link({ disabled: true }), undefined, origin),
    ).toMatchObject({ kind: 'disabled' });
  });

  it('being made, waiting, or refused with a way to try again', () => {
    const dynamic = code('https://example.co.za/a');
    expect(linkState(dynamic, null, undefined, origin)).toEqual({
      kind: 'making',
      waiting: true,
      message: undefined,
    });
    expect(linkState(dynamic, null, { status: 'working', signature }, origin)).toMatchObject({
      kind: 'making',
      waiting: false,
    });
    expect(
      linkState(dynamic, null, { status: 'retrying', signature, message: 'Offline.' }, origin),
    ).toEqual({ kind: 'making', waiting: true, message: 'Offline.' });
    expect(
      linkState(dynamic, null, { status: 'refused', signature, message: 'Limit.' }, origin),
    ).toEqual({ kind: 'refused', message: 'Limit.', retry: true });
    expect(linkState(code('http://10.1.1.1/'), null, undefined, origin)).toMatchObject({
      kind: 'refused',
      retry: false,
    });
  });
});
