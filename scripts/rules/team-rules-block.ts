// The team block of firestore.rules, written from the roles table (src/domain/team.ts): for each
// action, the roles that may do it. The rules' own functions (mayIn, and the editors kept to their
// own codes) read it, so a role given or taken an action in the table is given or taken it by the
// rules too, once `npm run rules:domain` has written the block (rules-blocks.test.mjs fails until then).
import { rolesThatMay, teamActions, type TeamAction } from '../../src/domain/team';
import type { RulesBlock } from './rules-blocks';

const BEGIN_MARK =
  '// BEGIN team block: written by `npm run rules:domain` from src/domain/team.ts. Edit the domain, not this.';
const END_MARK = '// END team block';

/** The indent of the functions at the top of `match /databases/{database}/documents`. */
const INDENT = '    ';

function blockLines(): string[] {
  const actions = Object.keys(teamActions) as TeamAction[];
  const entries = actions.map(
    (action) =>
      `    '${action}': [${rolesThatMay(action)
        .map((role) => `'${role}'`)
        .join(', ')}]`,
  );
  return [
    '// The roles that may do each action in a workspace (the roles table).',
    'function rolesThatMay(action) {',
    '  return {',
    ...entries.map((entry, index) => (index < entries.length - 1 ? `${entry},` : entry)),
    '  }[action];',
    '}',
  ];
}

export function teamRulesBlock(): string {
  return [BEGIN_MARK, ...blockLines(), END_MARK].map((line) => `${INDENT}${line}`).join('\n');
}

export const teamBlock: RulesBlock = {
  name: 'team',
  begin: BEGIN_MARK,
  end: END_MARK,
  write: teamRulesBlock,
};
