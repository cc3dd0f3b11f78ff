// My QR Codes hands each listing from the server to reconcileLinks: it asks about each link out of
// step with its code, leaves codes with a write still on its way to the store, and retires the
// working link of a code that is gone.
import { describe, expect, it, vi } from 'vitest';
import { emptyContent } from '../../../domain/qr/content';
import type { SavedCode } from '../../../domain/qr/saved-code';
import type { DynamicLink } from './dynamic-links';
import { reconcileLinks } from './reconcile-links';

const origin = 'https://kempton.example';
const code = (id: string, websiteUrl: string) =>
  ({
    id,
    name: id,
    type: 'web',
    dynamic: true,
    passwordProtected: false,
    content: { ...emptyContent, text: { ...emptyContent.text, websiteUrl } },
  }) as unknown as SavedCode;
const link = (codeId: string, target: string, deleted = false) =>
  ({
    id: `L-${codeId}`,
    code: codeId,
    destination: { kind: 'redirect', target },
    deleted,
    disabled: false,
    locked: false,
    passwordSet: false,
  }) as unknown as DynamicLink;

describe('reconcileLinks', () => {
  it('asks about links out of step, not about pending writes, and retires links of gone codes', () => {
    const syncer = { ensure: vi.fn() };
    reconcileLinks(
      {
        codes: [
          code('same', 'https://example.co.za/a'),
          code('moved', 'https://example.co.za/new'),
          code('pending', 'https://example.co.za/new'),
          code('unlinked', 'https://example.co.za/a'),
        ],
        pendingIds: new Set(['pending']),
        links: new Map([
          ['same', link('same', 'https://example.co.za/a')],
          ['moved', link('moved', 'https://example.co.za/old')],
          ['pending', link('pending', 'https://example.co.za/old')],
          ['gone', link('gone', 'https://example.co.za/a')],
          ['retired', link('retired', 'https://example.co.za/a', true)],
        ]),
      },
      origin,
      'cafe',
      syncer,
    );
    const asked = syncer.ensure.mock.calls.map(([id]) => id).sort();
    expect(asked).toEqual(['gone', 'moved', 'unlinked']);
    expect(syncer.ensure).toHaveBeenCalledWith('gone', 'gone', 'cafe');
    // Each ask names the workspace the listing is of.
    expect(syncer.ensure.mock.calls.every((call) => call[2] === 'cafe')).toBe(true);
  });
});
