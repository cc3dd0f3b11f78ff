// Where the wizard saves a code: a new one to the workspace the person works in, an edited one's
// changes to the workspace it is saved in, and nowhere, in words, where the role may not write.
import { describe, expect, it } from 'vitest';
import { emptyDraft, type QrDraft } from '../../../domain/qr/draft';
import type { Member } from '../../../domain/records/members';
import type { RoleId } from '../../../domain/team';
import type { WorkspaceChoice } from '../../../lib/workspace/workspace';
import { saveInto } from './save-into';

const own: WorkspaceChoice = { id: 'me', name: 'Your own codes', role: 'owner', member: null };
const team = (id: string, role: RoleId): WorkspaceChoice => ({
  id,
  name: `${id}@example.co.za`,
  role,
  member: { role } as Member,
});
const cafe = team('cafe', 'editor');
const shop = team('shop', 'viewer');
const newCode: QrDraft = { ...emptyDraft, type: 'web' };
const editing = (workspace?: string): QrDraft => ({
  ...newCode,
  editing: {
    id: 'c1',
    name: 'Menu',
    dynamic: true,
    linkId: null,
    passwordProtected: false,
    workspace,
  },
});

describe('saveInto', () => {
  it('saves a new code, or a copy, to the workspace the person works in', () => {
    expect(saveInto(newCode, false, cafe, [own, cafe, shop])).toEqual({
      ok: true,
      workspace: cafe,
    });
    expect(saveInto(editing('me'), true, cafe, [own, cafe])).toEqual({ ok: true, workspace: cafe });
  });

  it('saves an edited code’s changes where it is saved, whichever workspace is chosen since', () => {
    expect(saveInto(editing('cafe'), false, own, [own, cafe])).toEqual({
      ok: true,
      workspace: cafe,
    });
    // A draft from before teams edits one of the account's own codes.
    expect(saveInto(editing(), false, cafe, [own, cafe])).toEqual({ ok: true, workspace: own });
  });

  it('refuses, in words, a role that may not save codes, and a team the person has left', () => {
    expect(saveInto(newCode, false, shop, [own, shop])).toEqual({
      ok: false,
      message:
        'Your role in shop@example.co.za (Viewer) lets you see its codes but not save any. Switch to your own codes to keep this one, or ask one of its owners or admins.',
    });
    expect(saveInto(editing('gone'), false, own, [own, cafe])).toMatchObject({
      ok: false,
      message: expect.stringContaining('no longer a member of the team that “Menu” is saved in'),
    });
  });
});
