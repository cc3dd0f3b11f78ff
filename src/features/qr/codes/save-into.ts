// Which workspace a wizard's code is saved to: a new code to the one the person works in, an edited
// code's changes to the one it is saved in (they belong there, whichever is chosen since), and
// nowhere, in words, where their role may not make or change codes or they have left that team.
import type { QrDraft } from '../../../domain/qr/draft';
import { roleMay, roles } from '../../../domain/team';
import type { WorkspaceChoice } from '../../../lib/workspace/workspace';

/** Where a save goes: the workspace, or why it cannot go anywhere the person chose. */
export type SaveInto =
  | { readonly ok: true; readonly workspace: WorkspaceChoice }
  | { readonly ok: false; readonly message: string };

/**
 * The workspace `draft` is saved to by someone working in `current`, among the workspaces they
 * may choose (`choices`, their own first): the code it edits, in the workspace that code is saved
 * in (its changes belong there, whatever was chosen since); a new code (or `asNew`) in `current`.
 * Refused, in words, where their role may not make or change codes, or they are no longer a member.
 */
export function saveInto(
  draft: QrDraft,
  asNew: boolean,
  current: WorkspaceChoice,
  choices: readonly WorkspaceChoice[],
): SaveInto {
  const { editing } = draft;
  const own = choices[0] ?? current;
  const into =
    editing && !asNew
      ? choices.find((choice) => choice.id === (editing.workspace ?? own.id))
      : current;
  if (!into) {
    return {
      ok: false,
      message: `You are no longer a member of the team that “${editing?.name ?? 'this code'}” is saved in, so your changes cannot be saved there. Save them as a new code instead.`,
    };
  }
  if (!roleMay(into.role, 'codes.write')) {
    return {
      ok: false,
      message: `Your role in ${into.name} (${roles[into.role].label}) lets you see its codes but not save any. Switch to your own codes to keep this one, or ask one of its owners or admins.`,
    };
  }
  return { ok: true, workspace: into };
}
