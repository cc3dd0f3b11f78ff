// The team block names every action of the roles table with the roles that may do it (that the
// file holds the block as written is rules-blocks.test.mjs's).
import { describe, expect, it } from 'vitest';
import { rolesThatMay, teamActions } from '../../src/domain/team.ts';
import { teamRulesBlock } from './team-rules-block.ts';

describe('the team block of firestore.rules', () => {
  it('names every action of the table, with the roles that may do it', () => {
    const block = teamRulesBlock();
    for (const action of Object.keys(teamActions)) {
      const roles = rolesThatMay(action).map((role) => `'${role}'`);
      expect(block).toContain(`'${action}': [${roles.join(', ')}]`);
    }
  });
});
