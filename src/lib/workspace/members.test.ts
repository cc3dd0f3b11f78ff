import { describe, expect, it } from 'vitest';
import { holderGoneFields, memberFields, readMember } from '../../domain/records/members';
import { personIn } from './members';
import { choicesOf } from './workspace';

const member = (uid: string, email: string) =>
  readMember('cafe', uid, memberFields('cafe', uid, 'editor', email, new Date(0), false, null))!;

describe('how a page names a person of the workspace', () => {
  const [own, cafe] = choicesOf('me', [
    readMember(
      'cafe',
      'me',
      memberFields(
        'cafe',
        'me',
        'editor',
        'me@example.co.za',
        new Date(0),
        false,
        'owner@cafe.co.za',
      ),
    )!,
  ]);
  const members = [member('me', 'me@example.co.za'), member('anna', 'anna@cafe.co.za')];

  it('says you, a member’s address, the account by its name, and a former member', () => {
    const at = { me: 'me', workspace: cafe!, members };
    expect(personIn('me', at)).toBe('you');
    expect(personIn('anna', at)).toBe('anna@cafe.co.za');
    expect(personIn('cafe', at)).toBe('owner@cafe.co.za');
    expect(personIn('left', at)).toBe('a former member');
  });

  it('names the account a former member once it is deleted and the workspace carries on', () => {
    const [, carriedOn] = choicesOf('me', [
      readMember('cafe', 'me', {
        ...memberFields('cafe', 'me', 'owner', 'me@example.co.za', new Date(0)),
        ...holderGoneFields('me@example.co.za'),
      })!,
    ]);
    const at = { me: 'me', workspace: carriedOn!, members };
    expect(personIn('cafe', at)).toBe('a former member');
    expect(personIn(null, at)).toBe('a former member');
    expect(personIn('anna', at)).toBe('anna@cafe.co.za');
  });

  it('takes a code that names nobody for the account’s own', () => {
    expect(personIn(null, { me: 'me', workspace: cafe!, members })).toBe('owner@cafe.co.za');
    expect(personIn(null, { me: 'me', workspace: own!, members: [] })).toBe('you');
  });
});
