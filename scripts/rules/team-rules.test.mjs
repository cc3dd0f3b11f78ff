// The team block of firestore.rules is what the roles table writes: a role given or taken an
// action in src/domain/team.ts and not written out with `npm run rules:domain` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rolesThatMay, teamActions } from '../../src/domain/team.ts';
import { currentTeamBlock, teamRulesBlock, withTeamBlock } from './team-rules-block.ts';

const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

describe('the team block of firestore.rules', () => {
  it('is the block the roles table writes (run `npm run rules:domain` after changing it)', () => {
    expect(currentTeamBlock(rules)).not.toBe('');
    expect(currentTeamBlock(rules)).toBe(teamRulesBlock());
    expect(withTeamBlock(rules)).toBe(rules);
  });

  it('names every action of the table, with the roles that may do it', () => {
    const block = teamRulesBlock();
    for (const action of Object.keys(teamActions)) {
      const roles = rolesThatMay(action).map((role) => `'${role}'`);
      expect(block).toContain(`'${action}': [${roles.join(', ')}]`);
    }
  });
});
