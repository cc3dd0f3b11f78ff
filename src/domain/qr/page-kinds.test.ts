import { describe, expect, it } from 'vitest';
import type { LandingKind } from './landing';
import { destinationOf, PAGE_KINDS } from './link-policy';

describe('the landing-page kinds a short link may store', () => {
  it('read back as pages, every one of them; a kind not listed reads as no destination', () => {
    for (const kind of Object.keys(PAGE_KINDS)) {
      expect(destinationOf({ page: { kind } })).toEqual({ kind: 'page', page: { kind } });
    }
    expect(destinationOf({ page: { kind: 'poster' } })).toBeNull();
  });

  it("are landing.ts's kinds, so a new kind without its entry does not compile (tsc checks)", () => {
    const everyKind: Readonly<Record<LandingKind, true>> = PAGE_KINDS;
    // @ts-expect-error were landing.ts to add a kind ('poster'), the table without it would not compile
    const grown: Readonly<Record<LandingKind | 'poster', true>> = PAGE_KINDS;
    // @ts-expect-error nor may the table name a kind landing.ts does not define
    const extra: Readonly<Record<LandingKind, true>> = { ...PAGE_KINDS, poster: true };
    expect([everyKind, grown, extra].every((table) => table.file)).toBe(true);
  });
});
