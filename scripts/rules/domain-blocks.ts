// The blocks of firestore.rules written from the domain, in one list: `npm run rules:domain`
// (write-rules.mjs) writes each, and rules-blocks.test.mjs fails while the file holds another.
import { qrBlock } from './qr-rules-block';
import type { RulesBlock } from './rules-blocks';
import { teamBlock } from './team-rules-block';

export const domainBlocks: readonly RulesBlock[] = [qrBlock, teamBlock];
