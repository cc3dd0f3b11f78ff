// Which workspace the account pages act on, above every one of them: a choice of one's own codes
// and the teams one belongs to (shown once there is more than one), and why the device left a team
// by itself. An account of one person sees nothing new.
import { roles } from '../../../domain/team';
import { FormAlert, SelectField } from '../../../lib/ui/field';
import {
  chooseWorkspace,
  dismissWorkspaceNotice,
  useWorkspace,
} from '../../../lib/workspace/workspace';

export function WorkspaceSwitcher() {
  const { current, choices, notice } = useWorkspace();
  if (choices.length < 2 && !notice) return null;
  return (
    <div className="workspace-switcher">
      {notice ? (
        <FormAlert>
          {notice}{' '}
          <button type="button" className="button button--ghost" onClick={dismissWorkspaceNotice}>
            OK
          </button>
        </FormAlert>
      ) : null}
      {choices.length > 1 && current ? (
        <SelectField
          label="Workspace"
          hint="Every account page, and saving a new code, acts on this workspace."
          value={current.id}
          options={choices.map((choice) => ({
            value: choice.id,
            label: `${choice.name}: ${roles[choice.role].label}`,
          }))}
          onChange={(event) => chooseWorkspace(event.target.value)}
        />
      ) : null}
    </div>
  );
}
