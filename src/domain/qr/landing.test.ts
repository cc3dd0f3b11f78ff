import { describe, expect, it } from 'vitest';
import {
  checkedPage,
  describeDestination,
  sameDestination,
  stableJson,
  type LandingPage,
} from './landing';

const site = { siteHosts: ['kempton.example'] };

describe('checkedPage', () => {
  it('keeps every address of a page in canonical form, and names their hosts', () => {
    expect(
      checkedPage(
        {
          kind: 'apps',
          appStore: 'apps.apple.com/za/app/x',
          googlePlay: 'HTTPS://play.google.com/x',
        },
        site,
      ),
    ).toEqual({
      ok: true,
      destination: {
        kind: 'page',
        page: {
          kind: 'apps',
          appStore: 'https://apps.apple.com/za/app/x',
          googlePlay: 'https://play.google.com/x',
        },
      },
      hosts: ['apps.apple.com', 'play.google.com'],
    });
  });

  it('refuses a page with an address a link may not lead to, or with content missing', () => {
    expect(
      checkedPage({ kind: 'business', name: 'Shop', url: 'http://192.168.0.1/' }, site),
    ).toMatchObject({ ok: false, problem: 'private-host' });
    expect(
      checkedPage({ kind: 'links', links: ['https://kempton.example/q/AbCdEfGhJk'] }, site),
    ).toMatchObject({ ok: false, problem: 'short-link-loop' });
    expect(checkedPage({ kind: 'incomplete', reason: 'Missing.' }, site)).toEqual({
      ok: false,
      problem: 'not-a-web-address',
      message: 'Missing.',
    });
  });

  it('checks a contact card’s website only when it has one', () => {
    const card = { firstName: 'Thandi', lastName: 'Builder' };
    expect(checkedPage({ kind: 'contact', card }, site)).toMatchObject({ ok: true, hosts: [] });
    expect(
      checkedPage({ kind: 'contact', card: { ...card, website: 'http://localhost:3000/' } }, site),
    ).toMatchObject({ ok: false, problem: 'private-host' });
  });
});

describe('comparing destinations', () => {
  it('ignores the order keys come back in from the database', () => {
    const page: LandingPage = { kind: 'coupon', code: 'SPRING25', title: 'Spring' };
    const stored = JSON.parse('{"title":"Spring","kind":"coupon","code":"SPRING25"}');
    expect(sameDestination({ kind: 'page', page }, { kind: 'page', page: stored })).toBe(true);
    expect(
      sameDestination({ kind: 'page', page }, { kind: 'page', page: { ...page, code: 'X' } }),
    ).toBe(false);
    expect(stableJson({ b: [1, { d: 1, c: 2 }], a: undefined })).toBe('{"b":[1,{"c":2,"d":1}]}');
  });
});

describe('describeDestination', () => {
  it('says in a few words what a link does', () => {
    expect(describeDestination({ kind: 'redirect', target: 'https://a.example/' })).toBe(
      'Leads to https://a.example/',
    );
    expect(
      describeDestination({
        kind: 'page',
        page: { kind: 'contact', card: { firstName: 'Thandi', lastName: 'Builder' } },
      }),
    ).toBe('Shows the contact card of Thandi Builder');
    expect(describeDestination({ kind: 'page', page: { kind: 'links', links: ['a', 'b'] } })).toBe(
      'Shows 2 links',
    );
  });
});
